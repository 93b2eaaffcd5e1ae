/** Adds and removes tags on the selected environments in one call (all of them or none). */
import { TAGS_PER_SESSION_MAX, TAG_MAX } from '@hainiao/contract';
import { App as AntApp, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useCopy } from '../../shared/lang.tsx';
import { fill } from '../../shared/format.ts';
import { errorText } from '../../shared/ui/errors.ts';
import { retag, type TagCount } from './organize-calls.ts';
import { organizeCopy } from './organize-locales.ts';

export function TagsDialog(props: {
  ids: string[] | undefined;
  known: TagCount[];
  onClose(): void;
  onSaved(): void;
}) {
  const { ids, known, onClose, onSaved } = props;
  const t = useCopy(organizeCopy);
  const { message } = AntApp.useApp();
  const [add, setAdd] = useState<string[]>([]);
  const [remove, setRemove] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const options = known.map((tag) => ({ value: tag.Tag, label: tag.Tag }));
  const close = () => {
    setAdd([]);
    setRemove([]);
    onClose();
  };
  return (
    <Modal
      open={ids !== undefined}
      title={fill(t.tagsTitle, { count: ids?.length ?? 0 })}
      okText={t.tagsOk}
      okButtonProps={{ disabled: !add.length && !remove.length, loading: saving }}
      onCancel={close}
      destroyOnHidden
      onOk={async () => {
        if (!ids) return;
        setSaving(true);
        try {
          await retag(ids, add, remove);
          void message.success(fill(t.tagsSaved, { count: ids.length }));
          close();
          onSaved();
        } catch (error) {
          void message.error(errorText(error));
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form layout="vertical">
        <Form.Item label={t.tagsAdd} extra={t.tagsAddHint}>
          <Select
            mode="tags"
            aria-label={t.tagsAdd}
            value={add}
            options={options}
            maxCount={TAGS_PER_SESSION_MAX}
            onChange={(values: string[]) =>
              setAdd(values.map((v) => v.trim().slice(0, TAG_MAX)).filter(Boolean))
            }
            tokenSeparators={[',', '，']}
          />
        </Form.Item>
        <Form.Item label={t.tagsRemove}>
          <Select
            mode="multiple"
            aria-label={t.tagsRemove}
            value={remove}
            options={options}
            onChange={(values: string[]) => setRemove(values)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
