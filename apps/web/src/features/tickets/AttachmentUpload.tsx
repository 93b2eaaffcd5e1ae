import { Button, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { ATTACHMENT_EXTENSIONS, ATTACHMENTS_MAX, siteMessages } from '@hainiao/contract';
import { CloudCallError, callCloud } from '../../api/cloud.ts';
import { useLang } from '../../shared/useLang.ts';

const ACCEPT = ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** File ids of the uploads that succeeded (code 0 and a file id), joined as the calls expect. */
export function attachmentIds(files: UploadFile[]): string {
  return files
    .filter((file) => file.status === 'done' && typeof file.response?.fileid === 'string')
    .map((file) => file.response.fileid as string)
    .join(',');
}

/**
 * Attachments of a ticket or reply: each file is uploaded at once; at most 5; the server decides
 * by content whether a file is allowed and answers the reason when it is not.
 */
export function AttachmentUpload({
  token,
  value,
  onChange,
  label,
  onError,
}: {
  token: string;
  value: UploadFile[];
  onChange: (files: UploadFile[]) => void;
  label: string;
  onError: (message: string) => void;
}) {
  const lang = useLang();
  return (
    <Upload
      accept={ACCEPT}
      multiple
      maxCount={ATTACHMENTS_MAX}
      fileList={value}
      beforeUpload={(file) => {
        const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
        if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)) {
          onError(siteMessages.validation.attachmentType[lang]);
          return Upload.LIST_IGNORE;
        }
        if (value.length >= ATTACHMENTS_MAX) {
          onError(siteMessages.validation.attachmentsTooMany[lang]);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError: failed }) => {
        callCloud('/api/hainiao/workorderupload', { token }, lang, {
          files: { file: file as File },
        }).then(
          (result) =>
            result.fileid
              ? onSuccess?.(result)
              : failed?.(new Error(siteMessages.ticket.uploadFailed[lang])),
          (error: unknown) => {
            const message =
              error instanceof CloudCallError && error.code > 0
                ? error.message
                : siteMessages.ticket.uploadFailed[lang];
            onError(message);
            failed?.(new Error(message));
          },
        );
      }}
      onChange={({ fileList }) => onChange(fileList.filter((file) => file.status !== 'error'))}
    >
      <Button icon={<UploadOutlined />}>{label}</Button>
    </Upload>
  );
}
