import type { FastifyInstance } from 'fastify';
import { getParam } from '../../../platform/param/param';

/**
 * Hysteresis of environment alarms (decision 0029): an alarm opens on the first reading outside the comfort band
 * and closes only after `readings` consecutive readings inside it by the margin. Platform params, so an operator
 * can widen them for a noisy sensor park without a release; read through the param cache (writes clear it).
 */
export const DEAD_BAND_PARAMS: Array<[key: string, name: string, value: string]> = [
  ['zoo.humiture.alarm.temperatureMargin', '温度告警解除回差(℃):读数回到适宜范围内至少此值才算恢复', '0.5'],
  ['zoo.humiture.alarm.humidityMargin', '湿度告警解除回差(%RH):读数回到适宜范围内至少此值才算恢复', '2'],
  ['zoo.humiture.alarm.clearReadings', '告警解除所需连续恢复读数(条)', '1'],
];

export interface DeadBand {
  temperature: number;
  humidity: number;
  readings: number;
}

const num = (v: string, fallback: number, min: number, max: number) => {
  const n = Number(v);
  return Number.isFinite(n) && n >= min && n <= max ? n : fallback;
};

/** The current dead band; a value out of its sensible range falls back to the default rather than disabling alarms. */
export async function deadBand(app: FastifyInstance): Promise<DeadBand> {
  const [t, h, r] = await Promise.all(DEAD_BAND_PARAMS.map(([key, , value]) => getParam(app, key, value)));
  return {
    temperature: num(t!, 0.5, 0, 20),
    humidity: num(h!, 2, 0, 50),
    readings: Math.trunc(num(r!, 1, 1, 1000)),
  };
}
