import { useId, useState, type ChangeEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCompetition } from '../../../shared/schemas/admin.ts';
import { recordsFromSheet } from '../../../shared/records/sheet.ts';
import { adminApi, adminKeys } from '../../lib/adminApi.ts';
import { errorText } from '../../lib/http.ts';
import { FormAlert } from '../auth/Field.tsx';
import './timingRoom.css';

/** What is wrong with the file itself: said as it is. */
class SheetProblem extends Error {}

/**
 * The sheet's first worksheet as rows of text, read in the browser with SheetJS (loaded only
 * now): the server reads no spreadsheet outside its parse sandbox, and takes the records as
 * JSON.
 */
async function sheetRows(file: File): Promise<string[][]> {
  const XLSX = await import('xlsx');
  try {
    const book = XLSX.read(await file.arrayBuffer(), { type: 'array', sheets: 0, dense: true });
    const first = book.Sheets[book.SheetNames[0] ?? ''];
    if (!first) return [];
    return XLSX.utils.sheet_to_json<string[]>(first, { header: 1, raw: false, defval: '' });
  } catch {
    throw new SheetProblem(`${file.name} could not be read as a spreadsheet.`);
  }
}

/**
 * The records lists the competition holds (its meeting records, and the club's own lists every
 * competition of the club holds): uploaded as a spreadsheet, which replaces them. Results that
 * break or equal one are flagged as they land.
 */
export function RecordsSection({ competition }: { competition: AdminCompetition }) {
  const titleId = useId();
  const fileId = useId();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const list = useQuery({
    queryKey: adminKeys.records(competition.uic),
    queryFn: () => adminApi.records(competition.uic),
  });
  const save = useMutation({
    mutationFn: async (file: File) => {
      const read = recordsFromSheet(await sheetRows(file));
      if (!read.ok) throw new SheetProblem(read.reason);
      return adminApi.setRecords(competition.uic, read.records);
    },
    onMutate: () => setProblem(null),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.records(competition.uic), saved),
    onError: (error) =>
      setProblem(
        error instanceof SheetProblem
          ? error.message
          : errorText(error, 'The records could not be saved. Please try again.'),
      ),
  });
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) save.mutate(file);
  };
  const records = list.data?.records ?? [];
  return (
    <section className="card admin-section timing-room" aria-labelledby={titleId}>
      <div className="admin-section-head">
        <h2 id={titleId}>
          Records
          <span className="admin-section-sub"> — {competition.competitionName}</span>
        </h2>
      </div>
      <p className="timing-room-hint">
        Results that break or equal a record are flagged as they land (MR, =MR…), with the old
        record beside the new one. A sheet replaces the lists: this competition&rsquo;s, and the
        club&rsquo;s own (&ldquo;club wide&rdquo;: yes), which every competition of the club holds.
      </p>
      <p className="timing-room-code">
        <label className="btn btn-secondary file-button" htmlFor={fileId}>
          {save.isPending ? 'Reading…' : 'Upload records (.xlsx, .csv)'}
        </label>
        <input
          id={fileId}
          className="visually-hidden"
          type="file"
          accept=".xlsx,.xls,.csv,.ods"
          onChange={choose}
          disabled={save.isPending}
        />{' '}
        <a className="template-link" href="/templates/manualRecords.xlsx" download>
          Download the records template (.xlsx)
        </a>
      </p>
      {problem && <FormAlert>{problem}</FormAlert>}
      {save.isSuccess && (
        <p role="status" className="timing-room-hint">
          {records.length} {records.length === 1 ? 'record' : 'records'} saved.
        </p>
      )}
      {records.length > 0 && (
        <div className="admin-table-wrap" role="region" aria-labelledby={titleId} tabIndex={0}>
          <table className="admin-table">
            <caption className="visually-hidden">Records this competition holds</caption>
            <thead>
              <tr>
                <th scope="col">Record</th>
                <th scope="col">Event</th>
                <th scope="col">Gender</th>
                <th scope="col">Mark</th>
                <th scope="col">Holder</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            <tbody>
              {records.map((record, i) => (
                <tr key={`${record.type}-${record.eventName}-${record.gender}-${i}`}>
                  <td>
                    {record.type}
                    {record.clubWide && <span className="admin-section-sub"> (club)</span>}
                  </td>
                  <td>{record.event}</td>
                  <td>{record.gender}</td>
                  <td>{record.mark}</td>
                  <td>{record.holder}</td>
                  <td>{record.date}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
