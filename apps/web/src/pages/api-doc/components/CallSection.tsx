import { format, LOCAL_API_PORT } from '@hainiao/contract';
import { useLang } from '../../../shared/useLang.ts';
import type { CallView } from '../types.ts';
import { CodeBlock } from './CodeBlock.tsx';
import { TryIt } from './TryIt.tsx';
import { useDocCopy } from './useDocCopy.ts';

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The call as a curl command line (the body in single quotes, as a POSIX shell wants it). */
export function curlCommand(call: Pick<CallView, 'path' | 'request'>): string {
  const body = JSON.stringify(call.request).replace(/'/g, `'\\''`);
  return `curl -X POST http://127.0.0.1:${LOCAL_API_PORT}${call.path} \\\n  -H 'Content-Type: application/json' \\\n  -d '${body}'`;
}

function exampleText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The table of a call's body fields: name, type, required, limits, description (with example). */
export function FieldTable({ call }: { call: CallView }) {
  const lang = useLang();
  const copy = useDocCopy().call;
  if (call.fields.length === 0) return <p className="doc-muted">{copy.noFields}</p>;
  return (
    <div className="doc-table-wrap">
      <table className="doc-table doc-fields">
        <thead>
          <tr>
            <th scope="col">{copy.field}</th>
            <th scope="col">{copy.type}</th>
            <th scope="col">{copy.required}</th>
            <th scope="col">{copy.limits}</th>
            <th scope="col">{copy.description}</th>
          </tr>
        </thead>
        <tbody>
          {call.fields.map((field) => (
            <tr key={field.name}>
              <th scope="row">
                <code>{field.name}</code>
              </th>
              <td>
                <code className="doc-type">{field.type}</code>
              </td>
              <td>
                {field.requirement ? (
                  field.requirement[lang]
                ) : field.required ? (
                  <strong className="doc-required">{copy.yes}</strong>
                ) : (
                  copy.no
                )}
              </td>
              <td>
                {field.limits.length ? (
                  <ul className="doc-limits">
                    {field.limits.map((limit) => (
                      <li key={limit.en}>{limit[lang]}</li>
                    ))}
                  </ul>
                ) : (
                  '—'
                )}
              </td>
              <td>
                {field.description[lang]}
                {field.example !== undefined ? (
                  <span className="doc-example">
                    {' '}
                    {copy.example} <code>{exampleText(field.example)}</code>
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The codes a call can answer, with their HTTP status. */
export function CodesTable({ call }: { call: CallView }) {
  const lang = useLang();
  const copy = useDocCopy().call;
  return (
    <div className="doc-table-wrap">
      <table className="doc-table doc-codes">
        <thead>
          <tr>
            <th scope="col">{copy.code}</th>
            <th scope="col">{copy.http}</th>
            <th scope="col">{copy.meaning}</th>
          </tr>
        </thead>
        <tbody>
          {call.codes.map((code, index) => (
            <tr key={`${code.table}${code.code}${index}`}>
              <td>
                <code>{code.code}</code>
              </td>
              <td>{code.http}</td>
              <td>
                {code.message[lang]}
                {code.when ? <span className="doc-muted"> — {code.when[lang]}</span> : null}
                {code.perItem ? <span className="doc-tag">{copy.perItem}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Request and answer of a call, as code blocks. */
export function CallExample({ call }: { call: CallView }) {
  const lang = useLang();
  const copy = useDocCopy().call;
  return (
    <div className="doc-example-pair">
      <CodeBlock
        code={json(call.request)}
        language="json"
        title={`${copy.request} — POST ${call.path}`}
      />
      <CodeBlock code={json(call.answer[lang])} language="json" title={copy.answer} />
    </div>
  );
}

/** Everything about one call: purpose, fields, examples, codes, rate limit, and "try it". */
export function CallSection({ call }: { call: CallView }) {
  const lang = useLang();
  const copy = useDocCopy().call;
  const id = call.anchor;
  return (
    <section id={id} className="doc-section doc-call" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {call.title[lang]}
        <a className="doc-anchor" href={`#${id}`} aria-label={`${call.title[lang]} (link)`}>
          #
        </a>
      </h2>
      <p className="doc-call__path">
        <span className="doc-method">POST</span> <code>{call.path}</code>
        {call.rateLimit ? (
          <span className="doc-tag doc-tag--warn">
            {format(copy.rateLimit, { limit: call.rateLimit })}
          </span>
        ) : null}
        {!call.needsLogin ? <span className="doc-tag">{copy.noLogin}</span> : null}
      </p>
      <p>{call.purpose[lang]}</p>
      {call.notes.length > 0 ? (
        <ul className="doc-notes">
          {call.notes.map((note) => (
            <li key={note.en}>{note[lang]}</li>
          ))}
        </ul>
      ) : null}
      <h3>{copy.fields}</h3>
      <FieldTable call={call} />
      <h3>{copy.request}</h3>
      <CodeBlock code={json(call.request)} language="json" title={`POST ${call.path}`} />
      <CodeBlock code={curlCommand(call)} language="sh" title={copy.curl} />
      <h3>{copy.answer}</h3>
      {call.envelope === 'legacy' ? <p className="doc-muted">{copy.legacy}</p> : null}
      <CodeBlock code={json(call.answer[lang])} language="json" title={copy.answer} />
      <h3>{copy.codes}</h3>
      <CodesTable call={call} />
      <TryIt call={call} />
    </section>
  );
}
