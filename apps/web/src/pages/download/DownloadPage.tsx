import { useEffect, useRef, useState } from 'react';
import { Link } from '../../shared/router.ts';
import {
  BROWSER_VERSION_MAX,
  BROWSER_VERSION_MIN,
  CLIENT_OS_LEGACY,
  CLIENT_OS_MODERN,
  CLIENT_SYSTEMS,
  CloudCodes,
  format,
  KERNEL_WIN10_ONLY_FROM,
  VERSION_FALLBACK,
  type BrowserCoreEntry,
  type ClientSystem,
  type HistoryFile,
} from '@hainiao/contract';
import { CloudCallError, callCloud, fetchHistoryList } from '../../api/cloud.ts';
import { corelistKey, historyKey, versionKey } from '../../shared/dataKeys.ts';
import { downloadCopy } from '../../locales/pages/download.ts';
import { useCloudData } from '../../shared/cloudData.tsx';
import { QueryScope } from '../../shared/QueryScope.tsx';
import { useText } from '../../app/i18n.ts';
import { useCopy } from '../../shared/useCopy.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import './download.css';

type Copy = (typeof downloadCopy)['en'];

/** ["Windows 10", "Windows 11"] → "Windows 10/11". */
function windowsList(systems: readonly string[]): string {
  return `Windows ${systems.map((s) => s.replace('Windows ', '')).join('/')}`;
}

/** The Windows versions a kernel runs on (KERNEL_WIN10_ONLY_FROM); the client runs on all four. */
export function kernelSystems(core: number): string {
  return windowsList(core >= KERNEL_WIN10_ONLY_FROM ? CLIENT_OS_MODERN : CLIENT_OS_LEGACY);
}

/** A file's compatible systems: Windows versions shortened, anything else (Linux) as given. */
function systemsText(systems: readonly string[]): string {
  return systems.length > 0 && systems.every((s) => s.startsWith('Windows '))
    ? windowsList(systems)
    : systems.join(', ');
}

function sortCores(cores: BrowserCoreEntry[]): BrowserCoreEntry[] {
  return [...cores].sort((a, b) => b.core - a.core);
}

/** A published program: a history line that names its version, system and checksum. */
type ProgramFile = HistoryFile & { version: string; system: ClientSystem; sha256: string };

function isProgram(file: HistoryFile): file is ProgramFile {
  return file.version !== undefined && file.system !== undefined && file.sha256 !== undefined;
}

/** The published programs of `version`, in the order of CLIENT_SYSTEMS (Windows first). */
function programsOf(history: HistoryFile[], version: string): ProgramFile[] {
  return history
    .filter(isProgram)
    .filter((file) => file.version === version)
    .sort((a, b) => CLIENT_SYSTEMS.indexOf(a.system) - CLIENT_SYSTEMS.indexOf(b.system));
}

/**
 * What the cloud publishes: still asked (`checking`); nothing (`none`: the version call answered
 * NOT_FOUND); unknown (`failed`: no answer, so the spec's fallback version is shown); or a version
 * with its programs, which come with the version history.
 */
type Release =
  | { state: 'checking' }
  | { state: 'none' }
  | { state: 'failed' }
  | { state: 'published'; version: string; files: ProgramFile[] | 'loading' | 'error' };

/** The page inside the app's query cache (its data refreshes from the cloud). */
export default function DownloadPage() {
  return (
    <QueryScope>
      <Download />
    </QueryScope>
  );
}

function Download() {
  usePageMeta('download');
  const copy = useCopy(downloadCopy);
  const common = useText().common;
  const lang = useLang();
  const localize = useLocalize();
  const version = useCloudData(versionKey(), (signal) =>
    callCloud('/api/hainiao/version', {}, lang, { signal }),
  );
  const cores = useCloudData(corelistKey(lang), (signal) =>
    callCloud('/api/hainiao/corelist', {}, lang, { signal }),
  );
  const history = useCloudData(historyKey(), (signal) => fetchHistoryList({ signal }));

  // NOT_FOUND is the cloud's answer that nothing is published; any other failure (no answer, a
  // server error) leaves it unknown.
  const release: Release =
    version.data !== undefined
      ? {
          state: 'published',
          version: version.data,
          files: history.data
            ? programsOf(history.data, version.data)
            : history.error !== undefined
              ? 'error'
              : 'loading',
        }
      : version.loading
        ? { state: 'checking' }
        : version.error instanceof CloudCallError &&
            version.error.code === CloudCodes.code.NOT_FOUND
          ? { state: 'none' }
          : { state: 'failed' };
  const coreList = cores.data ?? [];
  const kernels = sortCores(coreList);
  // Every core comes with the newest Windows program, as the cloud's core list says; the page
  // links it itself while the core list shown is still the one it was built with (no release).
  const windowsProgram =
    release.state === 'published'
      ? history.data?.filter(isProgram).find((file) => file.system === 'windows-x64')
      : undefined;
  const releaseSettled =
    release.state === 'none' ||
    release.state === 'failed' ||
    (release.state === 'published' && release.files !== 'loading');

  return (
    <>
      <section className="hero hero--page download-banner" aria-labelledby="download-title">
        <div className="hero__inner hero__inner--split">
          <div className="hero__text">
            <p className="eyebrow eyebrow--light">{copy.banner.eyebrow}</p>
            <h1 id="download-title">{copy.banner.title}</h1>
            <p className="hero__lead">{copy.banner.text}</p>
          </div>
          <div className="version-card">
            <p className="version-card__label">{copy.banner.current}</p>
            <p
              className={`version-card__value${release.state === 'none' ? ' version-card__value--none' : ''}`}
              data-testid="client-version"
              aria-live="polite"
            >
              {release.state === 'checking' ? (
                <span className="skeleton skeleton--text">{copy.banner.loadingVersion}</span>
              ) : release.state === 'none' ? (
                copy.banner.noVersion
              ) : release.state === 'failed' ? (
                <>v{VERSION_FALLBACK}</>
              ) : (
                <>v{release.version}</>
              )}
            </p>
            <ReleaseFiles
              release={release}
              copy={copy}
              retryLabel={common.retry}
              onRetry={() => {
                version.reload();
                history.reload();
              }}
            />
          </div>
        </div>
      </section>

      <section id="cores" className="section" aria-labelledby="cores-title">
        <header className="section__header">
          <h2 id="cores-title" className="section__title">
            {copy.cores.title}
          </h2>
          <p className="section__lead">
            {format(copy.cores.lead, {
              min: BROWSER_VERSION_MIN,
              max: BROWSER_VERSION_MAX,
              from: KERNEL_WIN10_ONLY_FROM,
            })}{' '}
            {copy.cores.bundled}
          </p>
        </header>
        {cores.loading && (
          <ul className="core-grid" aria-busy="true" aria-label={copy.cores.title}>
            {[0, 1, 2].map((n) => (
              <li key={n} className="card core-card core-card--placeholder" />
            ))}
          </ul>
        )}
        {cores.error !== undefined && (
          <div className="notice notice--error" role="alert">
            <p>{copy.cores.error}</p>
            <button type="button" className="button button--outline" onClick={cores.reload}>
              {common.retry}
            </button>
          </div>
        )}
        {cores.data && cores.data.length === 0 && <p className="notice">{copy.cores.empty}</p>}
        {coreList.length > 0 && (
          <ul className="core-grid">
            {coreList.map((core, index) => {
              const href = core.path || windowsProgram?.url;
              return (
                <li key={core.version} className="card core-card">
                  <div className="core-card__head">
                    <h3>{core.name}</h3>
                    {index === 0 && (
                      <span className="tag tag--brand">{copy.cores.recommended}</span>
                    )}
                  </div>
                  <dl className="core-card__facts">
                    <div>
                      <dt>{copy.cores.browserVersion}</dt>
                      <dd>{core.version}</dd>
                    </div>
                    <div>
                      <dt>{copy.cores.coreVersion}</dt>
                      <dd>{format(copy.cores.kernel, { core: core.core })}</dd>
                    </div>
                    <div>
                      <dt>{copy.cores.compatibility}</dt>
                      <dd className="core-card__systems">
                        <Icon name="windows" size={16} />
                        {kernelSystems(core.core)}
                      </dd>
                    </div>
                  </dl>
                  {href ? (
                    <a
                      className="button button--outline button--block"
                      href={href}
                      download
                      aria-label={`${copy.cores.download} ${core.name}`}
                    >
                      <Icon name="download" size={20} />
                      {copy.cores.download}
                    </a>
                  ) : (
                    <p className="core-card__unavailable" aria-busy={!releaseSettled}>
                      {releaseSettled ? copy.cores.unpublished : copy.cores.checking}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {kernels.length > 0 && (
        <section className="section section--tight" aria-labelledby="kernels-title">
          <div className="kernels">
            <div>
              <h2 id="kernels-title">{copy.kernels.title}</h2>
              <p>{copy.kernels.lead}</p>
            </div>
            <ul className="kernel-list">
              {kernels.map((core) => (
                <li key={core.version}>
                  <span className="kernel-list__version">Chromium {core.core}</span>
                  <span className="kernel-list__systems">{kernelSystems(core.core)}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      <section className="section" aria-labelledby="history-title">
        <header className="section__header section__header--left">
          <h2 id="history-title" className="section__title section__title--left">
            {copy.history.title}
          </h2>
          <p className="section__lead">{copy.history.lead}</p>
        </header>
        <div className="table-scroll" aria-busy={history.loading}>
          <table className="table table--stack history-table">
            <caption className="visually-hidden">{copy.history.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{copy.history.name}</th>
                <th scope="col">{copy.history.system}</th>
                <th scope="col">{copy.history.size}</th>
                <th scope="col">{copy.history.date}</th>
                <th scope="col">{copy.history.systems}</th>
                <th scope="col">{copy.history.checksum}</th>
              </tr>
            </thead>
            <tbody>
              {history.loading && (
                <tr>
                  <td colSpan={6} className="table__state" data-testid="history-loading">
                    <span className="spinner" aria-hidden="true" />
                    {copy.history.loading}
                  </td>
                </tr>
              )}
              {history.error !== undefined && (
                <tr>
                  <td colSpan={6} className="table__state" role="alert">
                    {copy.history.error}{' '}
                    <button type="button" className="link-button" onClick={history.reload}>
                      {common.retry}
                    </button>
                  </td>
                </tr>
              )}
              {history.data?.length === 0 && (
                <tr>
                  <td colSpan={6} className="table__state">
                    {copy.history.empty}
                  </td>
                </tr>
              )}
              {history.data?.map((file) => (
                <tr key={file.url}>
                  <td data-label={copy.history.name}>
                    <a href={file.url} target="_blank" rel="noopener noreferrer">
                      {file.name}
                      <span className="visually-hidden"> {common.openInNewTab}</span>
                    </a>
                  </td>
                  <td data-label={copy.history.system}>
                    {file.system ? copy.systems[file.system] : copy.history.none}
                  </td>
                  <td data-label={copy.history.size}>{file.size}</td>
                  <td data-label={copy.history.date}>
                    <time dateTime={file.date}>{file.date}</time>
                  </td>
                  <td data-label={copy.history.systems}>{systemsText(file.os)}</td>
                  <td data-label={copy.history.checksum}>
                    {file.sha256 ? (
                      <Checksum value={file.sha256} file={file.name} copy={copy} short />
                    ) : (
                      copy.history.none
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="band band--soft" aria-labelledby="guide-title">
        <div className="section">
          <h2 id="guide-title" className="section__title">
            {copy.guide.title}
          </h2>
          <ol className="steps">
            {copy.guide.steps.map((step, index) => (
              <li key={step.title} className="steps__item">
                <span className="steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
          <p className="steps__help">
            <Link to={localize('/faq/install-on-windows.html')}>{copy.guide.help}</Link>
          </p>
        </div>
      </section>
    </>
  );
}

/** The version card's downloads: one button per published program, with its checksum. */
function ReleaseFiles({
  release,
  copy,
  retryLabel,
  onRetry,
}: {
  release: Release;
  copy: Copy;
  retryLabel: string;
  onRetry: () => void;
}) {
  if (release.state === 'none') {
    return (
      <div className="release-note" data-testid="no-release">
        <p>{copy.banner.none}</p>
        <p>
          {copy.banner.noneHint} <code>npm run package</code>
        </p>
      </div>
    );
  }
  // The version or the files could not be had: say which, and offer to ask again.
  const retry = (text: string) => (
    <div className="release-note" role="alert">
      <p>{text}</p>
      <button type="button" className="link-button" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
  if (release.state === 'failed') return retry(copy.banner.failed);
  if (release.state === 'checking' || release.files === 'loading') {
    return <div className="release-files__placeholder" aria-hidden="true" />;
  }
  if (release.files === 'error') return retry(copy.banner.filesError);
  if (release.files.length === 0) {
    return (
      <div className="release-note">
        <p>{copy.banner.noFiles}</p>
      </div>
    );
  }
  return (
    <ul className="release-files">
      {release.files.map((file, index) => (
        <li key={file.url} className="release-file" data-system={file.system}>
          <a
            className={`button button--block ${index === 0 ? 'button--primary' : 'button--outline'}`}
            href={file.url}
            download
          >
            <Icon name="download" size={20} />
            {copy.systems[file.system]}
            <span className="release-file__size">{file.size}</span>
          </a>
          <p className="release-file__systems">
            {format(copy.banner.runsOn, { systems: file.os.join(', ') })}
          </p>
          <div className="release-file__checksum">
            <span className="release-file__checksum-label">{copy.banner.checksum}</span>
            <Checksum value={file.sha256} file={file.name} copy={copy} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * A SHA-256 in full (selected whole by one click), with a copy button. `short` cuts it with an
 * ellipsis on screen only: the DOM, the tooltip and a copy keep all 64 digits.
 */
function Checksum({
  value,
  file,
  copy,
  short = false,
}: {
  value: string;
  file: string;
  copy: Copy;
  short?: boolean;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const code = useRef<HTMLElement>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copyValue() {
    let done = false;
    try {
      await navigator.clipboard.writeText(value);
      done = true;
    } catch {
      // No clipboard (a page not served over HTTPS, or refused): select it for Ctrl+C instead.
      if (code.current) window.getSelection()?.selectAllChildren(code.current);
    }
    setState(done ? 'copied' : 'failed');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState('idle'), 2000);
  }

  return (
    <span className="checksum">
      <code
        ref={code}
        className={`checksum__value${short ? ' checksum__value--short' : ''}`}
        title={value}
        data-testid="sha256"
      >
        {value}
      </code>
      <button type="button" className="checksum__copy" onClick={() => void copyValue()}>
        <span aria-live="polite">
          {state === 'copied'
            ? copy.checksum.copied
            : state === 'failed'
              ? copy.checksum.failed
              : copy.checksum.copy}
        </span>
        {state === 'idle' && (
          <span className="visually-hidden"> {format(copy.checksum.of, { file })}</span>
        )}
      </button>
    </span>
  );
}
