/** A switch with its label and a one-line explanation beside it (advanced and fingerprint switches). */
import { Form, Switch, Typography } from 'antd';
import type { FormItemProps } from 'antd';

export function SwitchRow(props: {
  name: FormItemProps['name'];
  label: string;
  help: string;
  disabled?: boolean;
  rules?: FormItemProps['rules'];
}) {
  return (
    <div className="env-form__switch">
      <Form.Item name={props.name} valuePropName="checked" noStyle rules={props.rules}>
        <Switch size="small" disabled={props.disabled} aria-label={props.label} />
      </Form.Item>
      <div>
        <Typography.Text strong>{props.label}</Typography.Text>
        <br />
        <Typography.Text type="secondary">{props.help}</Typography.Text>
      </div>
    </div>
  );
}
