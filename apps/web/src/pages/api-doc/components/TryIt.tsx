import { useId, useState, useSyncExternalStore } from 'react';
import { format, LOCAL_API_PORT } from '@hainiao/contract';
import { useLang } from '../../../shared/useLang.ts';
import type { CallView } from '../types.ts';
import { useDocCopy } from './useDocCopy.ts';

// The port of the visitor's service, shared by every panel and kept in the browser.
const PORT_KEY = 'hainiao-api-doc-port';
const DEFAULT_PORT = String(LOCAL_API_PORT);
const listeners = new Set<() => void>();
function readPort(): string {
  try {
    return localStorage.getItem(PORT_KEY) ?? DEFAULT_PORT;
  } catch {
    return DEFAULT_PORT;
  }
}
function writePort(port: string) {
  try {
    localStorage.setItem(PORT_KEY, port);
  } catch {
    // private mode: the port lasts for this page only
  }
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

interface Result {
  status?: number;
  text?: string;
  error?: string;
}

/**
 * "Try it": sends the call from this page to the visitor's own local API on 127.0.0.1 and shows
 * the answer. The service accepts it because it allows the site's origin (its --cloud).
 */
export function TryIt({ call }: { call: CallView }) {
  const lang = useLang();
  const copy = useDocCopy().tryIt;
  const id = useId();
  const example = JSON.stringify(call.request, null, 2);
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState(example);
  const [result, setResult] = useState<Result | null>(null);
  const [sending, setSending] = useState(false);
  const port = useSyncExternalStore(subscribe, readPort, () => DEFAULT_PORT);

  async function send() {
    let parsed: unknown;
    try {
      parsed = body.trim() === '' ? {} : JSON.parse(body);
    } catch (error) {
      setResult({ error: format(copy.invalidJson, { error: (error as Error).message }) });
      return;
    }
    const url = `http://127.0.0.1:${port}${call.path}`;
    setSending(true);
    setResult(null);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': lang },
        body: JSON.stringify(parsed),
      });
      const text = await response.text();
      let pretty = text;
      try {
        pretty = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // not JSON: shown as it is
      }
      setResult({ status: response.status, text: pretty });
    } catch {
      setResult({ error: format(copy.unreachable, { url, origin: window.location.origin }) });
    } finally {
      setSending(false);
    }
  }

  if (!open) {
    return (
      <div className="doc-try">
        <button type="button" className="doc-button" onClick={() => setOpen(true)}>
          {copy.open}
        </button>
      </div>
    );
  }
  return (
    <div className="doc-try is-open" role="group" aria-labelledby={`${id}-title`}>
      <div className="doc-try__head">
        <p id={`${id}-title`} className="doc-try__title">
          {copy.title}
        </p>
        <button
          type="button"
          className="doc-button doc-button--quiet"
          onClick={() => setOpen(false)}
        >
          {copy.close}
        </button>
      </div>
      <p className="doc-muted">{copy.intro}</p>
      {call.path === '/api/v1/quit' ? <p className="doc-warn">{copy.quitWarning}</p> : null}
      <div className="doc-try__row">
        <label htmlFor={`${id}-port`}>{copy.port}</label>
        <span className="doc-try__url">
          http://127.0.0.1:
          <input
            id={`${id}-port`}
            className="doc-try__port"
            inputMode="numeric"
            pattern="[0-9]*"
            value={port}
            onChange={(event) => writePort(event.target.value.replace(/\D/g, '').slice(0, 5))}
          />
          {call.path}
        </span>
      </div>
      <label htmlFor={`${id}-body`} className="doc-try__label">
        {copy.body}
      </label>
      <textarea
        id={`${id}-body`}
        className="doc-try__body"
        spellCheck={false}
        rows={Math.min(16, Math.max(3, body.split('\n').length + 1))}
        value={body}
        onChange={(event) => setBody(event.target.value)}
      />
      <div className="doc-try__actions">
        <button
          type="button"
          className="doc-button doc-button--primary"
          disabled={sending || !port}
          onClick={() => void send()}
        >
          {sending ? copy.sending : copy.send}
        </button>
        <button
          type="button"
          className="doc-button doc-button--quiet"
          onClick={() => {
            setBody(example);
            setResult(null);
          }}
        >
          {copy.reset}
        </button>
      </div>
      {result ? (
        <div className="doc-try__result" aria-live="polite">
          {result.error ? (
            <p className="doc-warn">{result.error}</p>
          ) : (
            <>
              <p className="doc-try__status">
                {copy.answer}: {format(copy.status, { status: result.status ?? 0 })}
              </p>
              <pre className="doc-try__answer" tabIndex={0}>
                <code>{result.text}</code>
              </pre>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
