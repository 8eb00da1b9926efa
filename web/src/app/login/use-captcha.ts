import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request';
import { firstEndpoints } from '../../lib/request/first-endpoints';
import { website } from '../../lib/website';

/** The captcha image and its key; `refresh` fetches a new pair (click on the image, failed login). */
export function useCaptcha(): { key?: string; image?: string; refresh: () => void } {
  const query = useQuery({
    queryKey: ['captcha'],
    queryFn: () => call(firstEndpoints.captcha),
    enabled: website.captchaMode,
    gcTime: 0,
    staleTime: Infinity,
  });
  return { key: query.data?.key, image: query.data?.image, refresh: () => void query.refetch() };
}
