/**
 * The table's data: listid for the page's ids, then id_container (brief lines, at most
 * STATUS_QUERY_MAX ids a call). The running state is not a listid filter: with it, every matching
 * id is listed (LIST_NUM_MAX a call) and kept or dropped by the live running set, then paged here.
 * listid and id_container are rate-limited (LOCAL_API_RATE_LIMITS): the table loads on demand
 * only, and the running state comes from the event stream, not from reloading.
 */
import { LIST_NUM_MAX, STATUS_QUERY_MAX } from '@hainiao/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../shared/api.ts';
import { errorText } from '../../shared/ui/errors.ts';
import { listBody, type EnvironmentRow, type Filters, type ListSort } from './model.ts';

async function details(ids: string[]): Promise<EnvironmentRow[]> {
  const rows: EnvironmentRow[] = [];
  for (let i = 0; i < ids.length; i += STATUS_QUERY_MAX) {
    const answer = await call('/api/v1/session/id_container', {
      Session_ID: ids.slice(i, i + STATUS_QUERY_MAX),
      Session_container_type: 2,
    });
    // Found ones: an unknown id answers its id and -22 only.
    rows.push(...answer.listcontainer.filter((row) => 'Session_Name' in row));
  }
  return rows;
}

async function allIds(filters: Filters, sort: ListSort | undefined): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await call('/api/v1/session/listid', {
      ...listBody(filters, sort),
      CurrentPage: page,
      ListNum: LIST_NUM_MAX,
    });
    ids.push(...answer.listid);
    if (answer.listid.length < LIST_NUM_MAX || ids.length >= answer.total) return ids;
  }
}

export interface EnvironmentList {
  rows: EnvironmentRow[];
  total: number;
  loading: boolean;
  error?: string;
  reload(): void;
}

export function useEnvironments(
  filters: Filters,
  page: number,
  pageSize: number,
  runningIds: ReadonlySet<string>,
  sort?: ListSort,
): EnvironmentList {
  const [rows, setRows] = useState<EnvironmentRow[]>([]);
  const [total, setTotal] = useState(0);
  // The load that last finished; loading while it is not the one asked for now.
  const [finished, setFinished] = useState<unknown[]>();
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);
  // The running set is read when loading (a running-state filter), not a reason to reload.
  const running = useRef(runningIds);
  useEffect(() => {
    running.current = runningIds;
  }, [runningIds]);

  const asked = [filters, page, pageSize, version, sort];
  const loading = !finished || asked.some((value, i) => value !== finished[i]);

  useEffect(() => {
    let live = true;
    (async () => {
      let ids: string[];
      let count: number;
      if (filters.run === 'all') {
        const answer = await call('/api/v1/session/listid', {
          ...listBody(filters, sort),
          CurrentPage: page,
          ListNum: pageSize,
        });
        ids = answer.listid;
        count = answer.total;
      } else {
        const wanted = filters.run === 'running';
        const matching = (await allIds(filters, sort)).filter(
          (id) => running.current.has(id) === wanted,
        );
        count = matching.length;
        ids = matching.slice((page - 1) * pageSize, page * pageSize);
      }
      const found = await details(ids);
      if (!live) return;
      setRows(found);
      setTotal(count);
      setError(undefined);
    })()
      .catch((failure: unknown) => live && setError(errorText(failure)))
      .finally(() => live && setFinished([filters, page, pageSize, version, sort]));
    return () => {
      live = false;
    };
  }, [filters, page, pageSize, version, sort]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { rows, total, loading, error, reload };
}
