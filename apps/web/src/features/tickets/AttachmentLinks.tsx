import { PaperClipOutlined } from '@ant-design/icons';
import type { TicketAttachment } from '@hainiao/contract';

/** Attachment links; the names are shown as text and the files open in a new tab. */
export function AttachmentLinks({ files }: { files: TicketAttachment[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="ticket-attachments">
      {files.map((file) => (
        <li key={file.fileid}>
          <PaperClipOutlined aria-hidden="true" />{' '}
          <a href={file.filepath} target="_blank" rel="noopener noreferrer">
            {file.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
