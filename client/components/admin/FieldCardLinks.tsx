import { useId, useState, type FormEvent } from 'react';
import type { CreatedToken } from '../../../shared/schemas/timingRoom.ts';
import { errorText } from '../../lib/http.ts';
import { FormAlert } from '../auth/Field.tsx';
import { CopyButton } from './CopyButton.tsx';
import { QrCode } from './QrCode.tsx';
import { useTimingRoom } from './useTimingRoom.ts';

/**
 * The officials' field cards: a field token per judge's phone, given as a link and a QR code
 * that open the card (/field). The token rides in the link's fragment, which browsers never
 * send to a server or put in a Referer; the card exchanges it once for the phone's cookie.
 */
export function FieldCardLinks({ competitionUic }: { competitionUic: number }) {
  const { create } = useTimingRoom(competitionUic);
  const [name, setName] = useState('Field judge');
  const [fresh, setFresh] = useState<(CreatedToken & { name: string }) | null>(null);
  const nameId = useId();
  const link = fresh
    ? `${window.location.origin}/field#token=${encodeURIComponent(fresh.token)}`
    : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const given = name.trim();
    create.mutate(
      { name: given, role: 'field' },
      { onSuccess: (created) => setFresh({ ...created, name: given }) },
    );
  };

  return (
    <>
      <h3 className="timing-room-h3">Field cards</h3>
      <p className="timing-room-intro">
        Judges of the jumps and throws enter each trial on their phone; spectators see it at once. A
        field card link opens only the field card of this competition: no uploads, no console.
        Revoke it below to stop that phone.
      </p>
      <form className="timing-room-create" onSubmit={submit}>
        <label htmlFor={nameId}>Card name</label>
        <input
          id={nameId}
          value={name}
          maxLength={60}
          required
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="btn" disabled={create.isPending || name.trim() === ''}>
          {create.isPending ? 'Creating…' : 'Create field card link'}
        </button>
      </form>
      {create.isError && (
        <FormAlert>{errorText(create.error, 'Failed to create the field card link.')}</FormAlert>
      )}
      {fresh && link && (
        <div className="timing-room-token field-card-link" role="status">
          <p>
            <strong>{fresh.name}:</strong> scan the code with the judge&rsquo;s phone, or send the
            link. It is shown once: Rith keeps only its fingerprint.
          </p>
          <QrCode text={link} label={`QR code opening the field card "${fresh.name}"`} />
          <p className="timing-room-code">
            <code>{link}</code> <CopyButton text={link} label="Copy link" />
          </p>
        </div>
      )}
    </>
  );
}
