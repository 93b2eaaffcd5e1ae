import { format } from '@hainiao/contract';
import { useLang } from '../../../shared/useLang.ts';
import type { DocPageData } from '../types.ts';
import { DocArticle, DocSection } from './DocArticle.tsx';
import { useDocCopy } from './useDocCopy.ts';

/** The appendix: every allowed value of the lists the fields refer to. */
export function AppendixView({ data }: { data: DocPageData }) {
  const lang = useLang();
  const copy = useDocCopy();
  const a = copy.appendix;
  const list = data.appendix;
  if (!list) return null;
  const sections = [
    { id: 'systems', title: a.systems },
    { id: 'proxy-types', title: a.proxyTypes },
    { id: 'resolutions', title: a.resolutions },
    { id: 'timezones', title: a.timezones },
    { id: 'languages', title: a.languages },
    { id: 'countries', title: a.countries },
  ];
  const count = (n: number) => <p className="doc-muted">{format(a.count, { count: n })}</p>;
  return (
    <DocArticle slug="appendix" lead={copy.pageDescriptions.appendix} toc={sections}>
      <DocSection id="systems" title={a.systems}>
        <p>{a.systemsNote}</p>
        <ul className="doc-values">
          {list.systems.map((system) => (
            <li key={system}>
              <code>{system}</code>
              {list.mobileSystems.includes(system) ? (
                <span className="doc-tag">MobileModel</span>
              ) : null}
            </li>
          ))}
        </ul>
      </DocSection>
      <DocSection id="proxy-types" title={a.proxyTypes}>
        <p>{a.proxyTypesNote}</p>
        <ul className="doc-values">
          {list.proxyTypes.map((type) => (
            <li key={type}>
              <code>{type}</code>
            </li>
          ))}
        </ul>
      </DocSection>
      <DocSection id="resolutions" title={a.resolutions}>
        <p>{a.resolutionsNote}</p>
        {count(list.resolutions.length)}
        <ul className="doc-values">
          {list.resolutions.map((resolution) => (
            <li key={resolution}>
              <code>{resolution}</code>
            </li>
          ))}
        </ul>
      </DocSection>
      <DocSection id="timezones" title={a.timezones}>
        <p>{a.timezonesNote}</p>
        {count(list.timezones.length)}
        <div className="doc-table-wrap doc-table-wrap--tall">
          <table className="doc-table">
            <thead>
              <tr>
                <th scope="col">{a.offset}</th>
                <th scope="col">{a.zone}</th>
                <th scope="col">{a.name}</th>
              </tr>
            </thead>
            <tbody>
              {list.timezones.map((zone) => (
                <tr key={zone.zone}>
                  <td>{zone.offset}</td>
                  <td>
                    <code>{zone.zone}</code>
                  </td>
                  <td>{zone.label[lang]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </DocSection>
      <DocSection id="languages" title={a.languages}>
        <p>{a.languagesNote}</p>
        {count(list.languages.length)}
        <div className="doc-table-wrap doc-table-wrap--tall">
          <table className="doc-table">
            <thead>
              <tr>
                <th scope="col">{a.code}</th>
                <th scope="col">{a.name}</th>
                <th scope="col">{a.nativeName}</th>
                <th scope="col">{a.rendering}</th>
              </tr>
            </thead>
            <tbody>
              {list.languages.map((language) => (
                <tr key={language.code}>
                  <td>
                    <code>{language.code}</code>
                  </td>
                  <td>{language.name[lang]}</td>
                  <td>{language.nativeName}</td>
                  <td>{language.rendering ? a.yes : a.no}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </DocSection>
      <DocSection id="countries" title={a.countries}>
        <p>{a.countriesNote}</p>
        {count(list.countries.length)}
        <div className="doc-table-wrap doc-table-wrap--tall">
          <table className="doc-table">
            <thead>
              <tr>
                <th scope="col">{a.code}</th>
                <th scope="col">{a.name}</th>
              </tr>
            </thead>
            <tbody>
              {list.countries.map((country) => (
                <tr key={country.code}>
                  <td>
                    <code>{country.code}</code>
                  </td>
                  <td>{country.name[lang]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </DocSection>
    </DocArticle>
  );
}

/** The code tables: main, create/update, start/status and the libcurl proxy-check codes. */
export function CodesView({ data }: { data: DocPageData }) {
  const lang = useLang();
  const copy = useDocCopy();
  const tables = data.codeTables ?? [];
  return (
    <DocArticle
      slug="code"
      lead={copy.codes.intro}
      toc={tables.map((table) => ({ id: table.table, title: table.title[lang] }))}
    >
      {tables.map((table) => (
        <DocSection key={table.table} id={table.table} title={table.title[lang]}>
          {table.note ? <p>{table.note[lang]}</p> : null}
          <div className="doc-table-wrap">
            <table className="doc-table">
              <thead>
                <tr>
                  <th scope="col">{copy.call.code}</th>
                  <th scope="col">{copy.codes.name}</th>
                  <th scope="col">{copy.call.meaning}</th>
                </tr>
              </thead>
              <tbody>
                {table.entries.map((entry) => (
                  <tr key={entry.code}>
                    <td>
                      <code>{entry.code}</code>
                    </td>
                    <td>
                      <code className="doc-type">{entry.name}</code>
                    </td>
                    <td>{entry[lang]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </DocSection>
      ))}
    </DocArticle>
  );
}
