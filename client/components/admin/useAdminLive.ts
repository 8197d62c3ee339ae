import { useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../lib/adminApi.ts';
import { useLiveMessage, useLiveSubscription } from '../../lib/useLive.ts';

/**
 * The admin page's own live room (only the club's admins get in): upload progress arrives
 * there. A published upload changed events or a timetable, so the admin data is refetched,
 * even when the dialog that started it was closed meanwhile or it came from another tab.
 */
export function useAdminLive(clubUic: number | null): void {
  const queryClient = useQueryClient();
  useLiveSubscription(clubUic === null ? null : { clubAdminUic: clubUic });
  useLiveMessage('upload.status', (payload) => {
    if (payload.status === 'published') {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    }
  });
}
