import { useQuery } from '@tanstack/react-query';
import { registerApi } from '../../lib/registerApi.ts';

/**
 * The verified e-mail behind the link's token; it locks the form's e-mail
 * field. A missing token or a failed lookup means the link is invalid or expired.
 */
export function useTokenEmail(token: string, enabled: boolean) {
  const query = useQuery({
    queryKey: ['registerTokenEmail', token],
    queryFn: () => registerApi.tokenEmail(token),
    enabled: enabled && token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const invalid =
    enabled && (token === '' || query.isError || (query.isSuccess && !query.data.email));
  return {
    email: query.data?.email ?? null,
    invalid,
    loading: enabled && !invalid && query.isPending,
  };
}
