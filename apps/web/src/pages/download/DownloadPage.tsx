import { Link } from '../../shared/router.ts';
import {
  BROWSER_VERSION_MAX,
  BROWSER_VERSION_MIN,
  CLIENT_OS_LEGACY,
  CLIENT_OS_MODERN,
  format,
  KERNEL_WIN10_ONLY_FROM,
  VERSION_FALLBACK,
  type BrowserCoreEntry,
} from '@hainiao/contract';
import { callCloud, fetchHistoryList } from '../../api/cloud.ts';
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

/** ["Windows 10", "Windows 11"] → "Windows 10/11". */
function windowsList(systems: readonly string[]): string {
  return `Windows ${systems.map((s) => s.replace('Windows ', '')).join('/')}`;
}

/** The Windows versions a kernel runs on (KERNEL_WIN10_ONLY_FROM); the client runs on all four. */
export function kernelSystems(core: number): string {
  return windowsList(core >= KERNEL_WIN10_ONLY_FROM ? CLIENT_OS_MODERN : CLIENT_OS_LEGACY);
}

function sortCores(cores: BrowserCoreEntry[]): BrowserCoreEntry[] {
  return [...cores].sort((a, b) => b.core - a.core);
}

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

  // The spec's fallback when the version could not be obtained.
  const versionText = version.data ?? (version.loading ? null : VERSION_FALLBACK);
  const coreList = cores.data ?? [];
  const latest = coreList[0];
  const kernels = sortCores(coreList);

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
            <p className="version-card__value" data-testid="client-version" aria-live="polite">
              {versionText === null ? (
                <span className="skeleton skeleton--text">{copy.banner.loadingVersion}</span>
              ) : (
                <>v{versionText}</>
              )}
            </p>
            {latest ? (
              <a className="button button--primary button--block" href={latest.path} download>
                <Icon name="download" size={20} />
                {copy.banner.button}
              </a>
            ) : (
              <a className="button button--primary button--block" href="#cores">
                <Icon name="download" size={20} />
                {copy.banner.button}
              </a>
            )}
            <p className="version-card__systems">
              <Icon name="windows" size={16} />
              {copy.banner.systems}
            </p>
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
            })}
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
            {coreList.map((core, index) => (
              <li key={core.path} className="card core-card">
                <div className="core-card__head">
                  <h3>{core.name}</h3>
                  {index === 0 && <span className="tag tag--brand">{copy.cores.recommended}</span>}
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
                <a
                  className="button button--outline button--block"
                  href={core.path}
                  download
                  aria-label={`${copy.cores.download} ${core.name}`}
                >
                  <Icon name="download" size={20} />
                  {copy.cores.download}
                </a>
              </li>
            ))}
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
                <li key={core.path}>
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
          <table className="table table--stack">
            <caption className="visually-hidden">{copy.history.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{copy.history.name}</th>
                <th scope="col">{copy.history.size}</th>
                <th scope="col">{copy.history.date}</th>
                <th scope="col">{copy.history.systems}</th>
              </tr>
            </thead>
            <tbody>
              {history.loading && (
                <tr>
                  <td colSpan={4} className="table__state" data-testid="history-loading">
                    <span className="spinner" aria-hidden="true" />
                    {copy.history.loading}
                  </td>
                </tr>
              )}
              {history.error !== undefined && (
                <tr>
                  <td colSpan={4} className="table__state" role="alert">
                    {copy.history.error}{' '}
                    <button type="button" className="link-button" onClick={history.reload}>
                      {common.retry}
                    </button>
                  </td>
                </tr>
              )}
              {history.data?.length === 0 && (
                <tr>
                  <td colSpan={4} className="table__state">
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
                  <td data-label={copy.history.size}>{file.size}</td>
                  <td data-label={copy.history.date}>
                    <time dateTime={file.date}>{file.date}</time>
                  </td>
                  <td data-label={copy.history.systems}>{windowsList(file.os)}</td>
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
