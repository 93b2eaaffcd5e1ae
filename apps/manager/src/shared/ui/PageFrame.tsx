/** A page of the manager: its title, a line saying what it is for, then its sections. */
import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';

export function PageFrame(props: { title: string; lead: string; children: ReactNode }) {
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={3}>{props.title}</Typography.Title>
        <Typography.Paragraph type="secondary">{props.lead}</Typography.Paragraph>
      </div>
      {props.children}
    </Space>
  );
}
