import { tenantInfoEndpoint } from '@zoo/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request';

/** The tenant bound to this site's domain, if any: then the login hides the tenant box. */
export function useDomainTenant(): string | undefined {
  const origin = window.location.origin;
  const query = useQuery({
    queryKey: ['tenant-info', origin],
    queryFn: () => call(tenantInfoEndpoint, { query: { domain: origin } }),
    staleTime: Infinity,
  });
  return query.data?.tenantId || undefined;
}
