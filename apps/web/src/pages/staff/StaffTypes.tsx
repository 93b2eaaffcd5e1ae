import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Popconfirm, Switch, Table, Tag } from 'antd';
import { siteMessages, type StaffTicketType } from '@hainiao/contract';
import { callCloud } from '../../api/cloud.ts';
import { useFailure } from '../../features/tickets/useFailure.ts';
import { useTicketText } from '../../features/tickets/useTicketText.ts';
import { useCloudQuery } from '../../shared/useCloudQuery.ts';
import { useLang } from '../../shared/useLang.ts';

type Draft = { name_en: string; name_zh: string; sort: number; active: boolean };

/** Ticket types in both languages: add, rename, reorder, retire, delete. */
export function StaffTypes({ token }: { token: string }) {
  const text = useTicketText().staff;
  const lang = useLang();
  const failed = useFailure();
  const { message } = App.useApp();
  const [form] = Form.useForm<Draft>();
  const [editing, setEditing] = useState<number | null>(null);
  const types = useCloudQuery('/api/hainiao/staff/typelist', { token }, lang, {
    onError: (error) => failed(error, siteMessages.ticket.fetchTypesFailed),
  });

  async function save(values: Draft) {
    try {
      await callCloud(
        '/api/hainiao/staff/typesave',
        {
          token,
          typeid: editing || undefined,
          name_en: values.name_en,
          name_zh: values.name_zh,
          sort: values.sort,
          active: values.active ? '1' : '0',
        },
        lang,
      );
      void message.success(siteMessages.ticket.typeSaved[lang]);
      form.resetFields();
      setEditing(null);
      types.reload();
    } catch (error) {
      failed(error, siteMessages.common.serverError);
    }
  }

  async function remove(typeid: number) {
    try {
      const { outcome } = await callCloud('/api/hainiao/staff/typedelete', { token, typeid }, lang);
      void message.success(
        (outcome === 'retired' ? siteMessages.ticket.typeInUse : siteMessages.ticket.typeDeleted)[
          lang
        ],
      );
      types.reload();
    } catch (error) {
      failed(error, siteMessages.common.serverError);
    }
  }

  return (
    <>
      <Form<Draft>
        form={form}
        layout="inline"
        initialValues={{ sort: 0, active: true }}
        onFinish={save}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item
          name="name_en"
          label={text.nameEn}
          rules={[
            {
              required: true,
              whitespace: true,
              message: siteMessages.validation.invalidParameter[lang].replace(
                '{field}',
                text.nameEn,
              ),
            },
          ]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name="name_zh"
          label={text.nameZh}
          rules={[
            {
              required: true,
              whitespace: true,
              message: siteMessages.validation.invalidParameter[lang].replace(
                '{field}',
                text.nameZh,
              ),
            },
          ]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="sort" label={text.sort}>
          <InputNumber min={0} max={9999} />
        </Form.Item>
        <Form.Item name="active" label={text.active} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {editing ? text.save : text.addType}
        </Button>
      </Form>
      <Table<StaffTicketType>
        rowKey="id"
        loading={types.loading}
        dataSource={types.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'ID', dataIndex: 'id' },
          { title: text.nameEn, dataIndex: 'name_en' },
          { title: text.nameZh, dataIndex: 'name_zh' },
          { title: text.sort, dataIndex: 'sort' },
          {
            title: text.active,
            dataIndex: 'active',
            render: (value: number) => (value ? <Tag color="green">✓</Tag> : <Tag>—</Tag>),
          },
          {
            title: '',
            key: 'actions',
            render: (_: unknown, row) => (
              <span className="ticket-toolbar" style={{ margin: 0 }}>
                <Button
                  size="small"
                  onClick={() => {
                    setEditing(row.id);
                    form.setFieldsValue({
                      name_en: row.name_en,
                      name_zh: row.name_zh,
                      sort: row.sort,
                      active: row.active === 1,
                    });
                  }}
                >
                  {text.save.replace(/.*/, '✎')}
                </Button>
                <Popconfirm title={text.confirmDelete} onConfirm={() => void remove(row.id)}>
                  <Button size="small" danger>
                    {text.delete}
                  </Button>
                </Popconfirm>
              </span>
            ),
          },
        ]}
      />
    </>
  );
}
