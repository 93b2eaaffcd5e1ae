import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useCopy } from '../lang.tsx';

const copy = {
  en: { copy: 'Copy', copied: 'Copied', failed: 'Could not copy' },
  zh: { copy: '复制', copied: '已复制', failed: '复制失败' },
};

/** A small button that copies `text` and says so. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useCopy(copy);
  const [done, setDone] = useState<'copied' | 'failed'>();
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(undefined), 1500);
    return () => clearTimeout(timer);
  }, [done]);
  return (
    <Tooltip title={done ? t[done] : t.copy}>
      <Button
        size="small"
        type="text"
        aria-label={`${t.copy} ${label}`}
        icon={done === 'copied' ? <CheckOutlined /> : <CopyOutlined />}
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setDone('copied'),
            () => setDone('failed'),
          )
        }
      />
    </Tooltip>
  );
}
