import { chinaToday } from '@zoo/contract';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Today as the zoo's date (China, GMT+8), whatever zone the browser is set to: the server's rules ("not later than
 * today") and reports count in China's days, so defaults and date-picker limits must too. Between 16:00 and 24:00
 * UTC a browser in another zone would otherwise offer yesterday.
 */
export const chinaDay = (): Dayjs => dayjs(chinaToday());
