import { Tag } from 'antd';
import { ticketStatusInfo } from '@hainiao/contract';
import { useLang } from '../../shared/useLang.ts';

/** The coloured status tag of a ticket (unknown values show as in progress). */
export function StatusTag({ status }: { status: number }) {
  const lang = useLang();
  const info = ticketStatusInfo(status);
  return (
    <Tag color={info.color} data-status={info.code}>
      {info.label[lang]}
    </Tag>
  );
}
