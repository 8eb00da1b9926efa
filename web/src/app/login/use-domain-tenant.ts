import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request';
import { firstEndpoints } from '../../lib/request/first-endpoints';

/** The tenant bound to this site's domain, if any: then the login hides the tenant box. */
export function useDomainTenant(): string | undefined {
  const origin = window.location.origin;
  const query = useQuery({
    queryKey: ['tenant-info', origin],
    queryFn: () => call(firstEndpoints.tenantInfo, { query: { domain: origin } }),
    staleTime: Infinity,
  });
  return query.data?.tenantId || undefined;
}
