import type {
  AdminClubs,
  AdminCompetition,
  AdminEvent,
  CompetitionFlags,
  CompetitionInput,
  EventInput,
  Feature,
  PdfUploadResponse,
} from '../../shared/schemas/admin.ts';
import type { LoginResponse, ResetTokenValidity } from '../../shared/schemas/auth.ts';
import type { UploadAccepted, UploadFileType, UploadView } from '../../shared/schemas/upload.ts';
import type { CompetitionToken, CreatedToken, TokenRole } from '../../shared/schemas/timingRoom.ts';
import type { LineUpEdit, ProgressionRule } from '../../shared/schemas/event.ts';
import type { RecordList } from '../../shared/schemas/athleteProfile.ts';
import type { SheetRecord } from '../../shared/records/sheet.ts';
import type { ImportAnswer } from '../../shared/schemas/exchange.ts';
import { request, sendForm, sendJson } from './http.ts';

/**
 * The admin console's calls. Only the lazily loaded login, reset and admin
 * pages import this module, so none of it reaches a spectator's phone.
 */

function sendFile<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  return sendForm<T>(path, form);
}

/**
 * A results, start-list or timetable file. The server reads the multipart stream in order
 * and needs the type before the file to check it, so `type` is appended first.
 */
function sendTypedFile(path: string, type: UploadFileType, file: File): Promise<UploadAccepted> {
  const form = new FormData();
  form.append('type', type);
  form.append('file', file);
  return sendForm<UploadAccepted>(path, form);
}

const competitionPath = (uic: number) => `/api/admin/competitions/${uic}`;
const eventPath = (id: string) => `/api/admin/events/${encodeURIComponent(id)}`;

export const adminApi = {
  login: (email: string, password: string) =>
    sendJson<LoginResponse>('POST', '/api/admin/login', { username: email, password }),
  forgotPassword: (email: string) =>
    sendJson<{ ok: true }>('POST', '/api/admin/forgot-password', { email }),
  validateResetToken: (token: string) =>
    request<ResetTokenValidity>(
      `/api/admin/validate-reset-password?token=${encodeURIComponent(token)}`,
    ),
  resetPassword: (token: string, password: string) =>
    sendJson<{ ok: true }>('POST', '/api/admin/reset-password', { token, password }),

  clubs: () => request<AdminClubs>('/api/admin/clubs'),
  features: (packageId: number) => request<Feature[]>(`/api/admin/features?packageId=${packageId}`),
  competitions: () => request<AdminCompetition[]>('/api/admin/competitions'),
  createCompetition: (input: CompetitionInput) =>
    sendJson<AdminCompetition>('POST', '/api/admin/competitions', input),
  updateCompetition: (uic: number, input: CompetitionInput) =>
    sendJson<AdminCompetition>('PUT', competitionPath(uic), input),
  setCompetitionFlags: (uic: number, flags: CompetitionFlags) =>
    sendJson<AdminCompetition>('PATCH', competitionPath(uic), flags),
  uploadImage: (uic: number, file: File) =>
    sendFile<AdminCompetition>(`${competitionPath(uic)}/upload-image`, file),
  deleteImage: (uic: number) =>
    request<AdminCompetition>(`${competitionPath(uic)}/delete-image`, { method: 'DELETE' }),

  events: (competitionUic: number) =>
    request<AdminEvent[]>(`${competitionPath(competitionUic)}/events`),
  createEvent: (competitionUic: number, input: EventInput) =>
    sendJson<AdminEvent>('POST', `${competitionPath(competitionUic)}/events`, input),
  updateEvent: (id: string, input: EventInput) => sendJson<AdminEvent>('PUT', eventPath(id), input),
  editLineUp: (id: string, edit: LineUpEdit) =>
    sendJson<AdminEvent>('PUT', `${eventPath(id)}/line-up`, edit),
  setProgression: (id: string, rule: ProgressionRule) =>
    sendJson<AdminEvent>('PUT', `${eventPath(id)}/progression`, rule),
  deleteEvent: (id: string) => request<{ ok: true }>(eventPath(id), { method: 'DELETE' }),
  records: (uic: number) => request<RecordList>(`${competitionPath(uic)}/records`),
  importMeet: (uic: number, file: File, dryRun: boolean) =>
    sendFile<ImportAnswer>(`${competitionPath(uic)}/import${dryRun ? '?dryRun=1' : ''}`, file),
  setResultsFinal: (uic: number, final: boolean) =>
    sendJson<AdminCompetition>('PUT', `${competitionPath(uic)}/results-final`, { final }),
  setRecords: (uic: number, records: SheetRecord[]) =>
    sendJson<RecordList>('PUT', `${competitionPath(uic)}/records`, { records }),
  mergeAthlete: (id: string, into: string) =>
    sendJson<{ id: string }>('POST', `/api/admin/athletes/${encodeURIComponent(id)}/merge`, {
      into,
    }),
  splitAthlete: (id: string) =>
    request<{ id: string }>(`/api/admin/athletes/${encodeURIComponent(id)}/merge`, {
      method: 'DELETE',
    }),
  uploadPdf: (id: string, file: File) =>
    sendFile<PdfUploadResponse>(`${eventPath(id)}/upload-pdf`, file),
  deletePdf: (id: string) =>
    request<AdminEvent>(`${eventPath(id)}/delete-pdf`, { method: 'DELETE' }),

  // Uploads answer 202 once the file is stored; parsing happens in the background and its
  // outcome arrives as `upload.status` messages (or from `upload`).
  uploadResults: (id: string, type: UploadFileType, file: File) =>
    sendTypedFile(`${eventPath(id)}/upload-results`, type, file),
  uploadStartList: (id: string, type: UploadFileType, file: File) =>
    sendTypedFile(`${eventPath(id)}/upload-start-list`, type, file),
  uploadTimetable: (uic: number, type: UploadFileType, file: File) =>
    sendTypedFile(`${competitionPath(uic)}/upload-timetable`, type, file),
  uploadLynx: (uic: number, files: readonly File[]) => {
    const form = new FormData();
    for (const file of files) form.append('files', file);
    return sendForm<UploadAccepted>(`${competitionPath(uic)}/upload-lynx`, form);
  },
  upload: (uploadId: string) =>
    request<UploadView>(`/api/admin/uploads/${encodeURIComponent(uploadId)}`),

  tokens: (uic: number) => request<CompetitionToken[]>(`${competitionPath(uic)}/tokens`),
  createToken: (uic: number, name: string, role: TokenRole = 'agent') =>
    sendJson<CreatedToken>('POST', `${competitionPath(uic)}/tokens`, { name, role }),
  revokeToken: (id: string) =>
    request<void>(`/api/admin/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  sendHeldFiles: (id: string) =>
    request<void>(`/api/admin/tokens/${encodeURIComponent(id)}/send-held`, { method: 'POST' }),
};

/** Cache keys of the admin data; every save invalidates the whole ['admin'] family. */
export const adminKeys = {
  all: ['admin'] as const,
  clubs: ['admin', 'clubs'] as const,
  features: (packageId: number) => ['admin', 'features', packageId] as const,
  competitions: ['admin', 'competitions'] as const,
  events: (competitionUic: number) => ['admin', 'events', competitionUic] as const,
  tokens: (competitionUic: number) => ['admin', 'tokens', competitionUic] as const,
  records: (competitionUic: number) => ['admin', 'records', competitionUic] as const,
};
