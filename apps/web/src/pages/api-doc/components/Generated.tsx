import type { ReactNode } from 'react';
import { Link } from '../../../shared/router.ts';
import { API_DOC_TITLES, apiDocPath, LOCAL_API_PORT, type Lang } from '@hainiao/contract';
import { useLang, useLocalize } from '../../../shared/useLang.ts';
import type { CallLink, DocPageData, GeneratedBlock } from '../types.ts';
import { CallExample } from './CallSection.tsx';
import { CodeBlock } from './CodeBlock.tsx';
import { useDocCopy } from './useDocCopy.ts';

/** Chinese text takes full-width punctuation around the names of a table cell. */
const PUNCTUATION: Record<Lang, { colon: string; comma: string; paren: (text: string) => string }> =
  {
    en: { colon: ': ', comma: ', ', paren: (text) => ` (${text})` },
    zh: { colon: '：', comma: '、', paren: (text) => `（${text}）` },
  };

function CallAnchor({ call }: { call: CallLink }) {
  const localize = useLocalize();
  return <Link to={`${localize(apiDocPath(call.page))}#${call.anchor}`}>{call.path}</Link>;
}

function Table({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  return (
    <div className="doc-table-wrap">
      <table className="doc-table">
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Downloads({ data, lang }: { data: DocPageData; lang: Lang }) {
  const copy = useDocCopy().downloads;
  const files = data.postman?.files;
  if (!files) return null;
  const link = (file: string, label: string) => (
    <li key={file}>
      <a href={`/api/doc/${file}`} download={file}>
        {label}
      </a>{' '}
      <code>{file}</code>
    </li>
  );
  return (
    <ul className="doc-downloads" lang={lang === 'zh' ? 'zh-CN' : 'en'}>
      {link(files.openapi, copy.openapi)}
      {link(files.collection, copy.collection)}
      {link(files.environment, copy.environment)}
      {data.http ? (
        <li>
          {copy.fromService}{' '}
          <code>{`http://127.0.0.1:${LOCAL_API_PORT}${data.http.openapiPath}`}</code>
        </li>
      ) : null}
    </ul>
  );
}

/** A `{ generated: … }` block of the copy, rendered from the page's build-time data. */
export function Generated({ block, data }: { block: GeneratedBlock; data: DocPageData }) {
  const lang = useLang();
  const localize = useLocalize();
  const copy = useDocCopy();
  const t = copy.table;
  const p = PUNCTUATION[lang];
  switch (block) {
    case 'call-index':
      return (
        <Table
          head={[t.call, t.path, t.page]}
          rows={(data.callIndex ?? []).map((call) => [
            call.title[lang],
            <CallAnchor key="path" call={call} />,
            API_DOC_TITLES[call.page][lang],
          ])}
        />
      );
    case 'limits':
      return (
        <Table
          head={[t.limit, t.value]}
          rows={(data.limits ?? []).map((limit) => [limit.label[lang], limit.value[lang]])}
        />
      );
    case 'flags':
      return (
        <Table
          head={[t.flag, t.default, t.meaning]}
          rows={(data.flags ?? []).map((flag) => [
            <code key="flag">
              {flag.flag}
              {flag.value ? ` ${flag.value}` : ''}
            </code>,
            flag.default[lang],
            <>
              {flag.meaning[lang]}
              {flag.env ? (
                <span className="doc-muted">
                  {' '}
                  ({t.env} <code>{flag.env}</code>)
                </span>
              ) : null}
            </>,
          ])}
        />
      );
    case 'http-statuses':
      return (
        <Table
          head={[t.status, t.code, t.meaning]}
          rows={(data.http?.statuses ?? []).map((status) => [
            <code key="status">{status.status}</code>,
            status.code === null ? t.any : <code key="code">{status.code}</code>,
            status.meaning[lang],
          ])}
        />
      );
    case 'rate-limits':
      return (
        <Table
          head={[t.path, t.perMinute]}
          rows={(data.http?.rateLimits ?? []).map((limit) => [
            <code key="path">{limit.path}</code>,
            limit.perMinute,
          ])}
        />
      );
    case 'downloads':
      return <Downloads data={data} lang={lang} />;
    case 'postman-variables':
      return (
        <Table
          head={[t.variable, t.default, t.meaning]}
          rows={(data.postman?.variables ?? []).map((variable) => [
            <code key="key">{`{{${variable.key}}}`}</code>,
            variable.value ? <code key="value">{variable.value}</code> : '—',
            variable.description[lang],
          ])}
        />
      );
    case 'adspower-calls':
      return (
        <Table
          head={[t.method, t.path, t.parameters, t.does]}
          rows={(data.adspower?.calls ?? []).map((call) => [
            <code key="method">{call.method}</code>,
            <code key="path" className="doc-nowrap">
              {call.path}
            </code>,
            call.parameters.length === 0 ? (
              t.none
            ) : (
              <>
                <span className="doc-muted">
                  {call.input === 'query' ? t.inQuery : t.inBody}
                  {p.colon}
                </span>
                {call.parameters.map((parameter, index) => (
                  <span key={parameter.name}>
                    {index > 0 ? p.comma : ''}
                    <code>{parameter.name}</code>
                    {parameter.required ? p.paren(t.required) : ''}
                  </span>
                ))}
              </>
            ),
            call.does[lang],
          ])}
        />
      );
    case 'mcp-tools':
      return (
        <Table
          head={[t.tool, t.arguments, t.toolDoes]}
          rows={(data.mcp?.tools ?? []).map((tool) => [
            <code key="name">{tool.name}</code>,
            <ul key="arguments" className="doc-cell-list">
              {tool.arguments.map((argument) => (
                <li key={argument.name}>
                  <code>{argument.name}</code>
                  {argument.required ? p.paren(t.required) : ''}
                  {p.colon}
                  {argument.description[lang]}
                </li>
              ))}
            </ul>,
            tool.does[lang],
          ])}
        />
      );
    case 'postman-flow':
      return (
        <ol className="doc-flow">
          {(data.postman?.flow ?? []).map((folder) => (
            <li key={folder.name}>
              <strong>{folder.name.replace(/^\d+\.\s*/, '')}</strong>
              <ul>
                {folder.calls.map((call) => (
                  <li key={call.path}>
                    <Link to={`${localize(apiDocPath(call.page))}#${call.anchor}`}>
                      {call.title[lang]}
                    </Link>{' '}
                    <code>{call.path}</code>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      );
  }
  if (block.startsWith('example:')) {
    const example = data.examples?.find((e) => e.id === block.slice('example:'.length));
    return example ? (
      <CodeBlock code={example.source} language={example.language} title={example.file} />
    ) : null;
  }
  if (block.startsWith('call-example:')) {
    const call = data.calls?.find((c) => c.path === block.slice('call-example:'.length));
    return call ? <CallExample call={call} /> : null;
  }
  return null;
}
