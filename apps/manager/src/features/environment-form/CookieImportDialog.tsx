/** Import cookies into one environment from a file the user picks (read by the browser) or pasted. */
import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Modal, Radio, Space, Typography, Upload } from 'antd';
import { format } from '@hainiao/contract';
import { useState } from 'react';
import { useCopy, useLang } from '../../shared/lang.tsx';
import { errorText } from '../../shared/ui/errors.ts';
import { importCookies } from './cookie-calls.ts';
import { CookieFileError, parseCookieText, type CookieItem } from './cookies.ts';
import { cookieCopy } from './cookie-locales.ts';

export interface CookieImportDialogProps {
  open: boolean;
  environmentId: string;
  onClose(): void;
}

export function CookieImportDialog({ open, environmentId, onClose }: CookieImportDialogProps) {
  const copy = useCopy(cookieCopy);
  const lang = useLang();
  const { message } = App.useApp();
  const [file, setFile] = useState<{ name: string; cookies: CookieItem[] }>();
  const [problem, setProblem] = useState<string>();
  const [mode, setMode] = useState<'merge' | 'replace'>('merge');
  const [busy, setBusy] = useState(false);
  const [pasted, setPasted] = useState('');

  // Each opening starts afresh (state adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setFile(undefined);
      setProblem(undefined);
      setMode('merge');
      setPasted('');
    }
  }

  /** Pasted text is read as a file would be; emptied, nothing is chosen. */
  function paste(text: string) {
    setPasted(text);
    setFile(undefined);
    setProblem(undefined);
    if (!text.trim()) return;
    try {
      setFile({ name: copy.pasted, cookies: parseCookieText(text) });
    } catch (error) {
      setProblem(error instanceof CookieFileError ? error.text(lang) : copy.readFailed);
    }
  }

  async function read(picked: File) {
    setPasted('');
    setFile(undefined);
    setProblem(undefined);
    try {
      const cookies = parseCookieText(await picked.text());
      setFile({ name: picked.name, cookies });
    } catch (error) {
      setProblem(error instanceof CookieFileError ? error.text(lang) : copy.readFailed);
    }
  }

  async function submit() {
    if (!file) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const total = await importCookies(environmentId, file.cookies, mode);
      message.success(format(copy.imported, { count: total }));
      onClose();
    } catch (error) {
      // The service's message (e.g. -112 with the cookie and the rule it broke).
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={copy.cookieTitle}
      onCancel={onClose}
      destroyOnHidden
      okText={format(copy.importN, { count: file?.cookies.length ?? 0 })}
      cancelText={copy.cancel}
      okButtonProps={{ disabled: !file, loading: busy }}
      onOk={submit}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>{copy.cookieIntro}</Typography.Paragraph>
        <Upload
          accept=".json,.txt,application/json,text/plain"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(picked) => {
            void read(picked);
            return false;
          }}
        >
          {/* The icon is decoration: the button's name stays its words. */}
          <Button icon={<UploadOutlined aria-hidden />}>{copy.pickFile}</Button>
        </Upload>
        <Input.TextArea
          aria-label={copy.pasteLabel}
          placeholder={copy.pastePlaceholder}
          autoSize={{ minRows: 3, maxRows: 8 }}
          value={pasted}
          onChange={(event) => paste(event.target.value)}
        />
        {file && (
          <Typography.Text data-testid="cookie-file">
            {format(copy.fileRead, { file: file.name, count: file.cookies.length })}
          </Typography.Text>
        )}
        {problem && <Alert type="error" showIcon title={problem} role="alert" />}
        <Typography.Text strong>{copy.mode}</Typography.Text>
        <Radio.Group
          value={mode}
          onChange={(event) => setMode(event.target.value as 'merge' | 'replace')}
          options={[
            { value: 'merge', label: copy.merge },
            { value: 'replace', label: copy.replace },
          ]}
          style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
        />
      </Space>
    </Modal>
  );
}
