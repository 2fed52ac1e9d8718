// "Hace …" labels of spec section 2.
import { time } from '../i18n/es/time';

export function relativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return time.now;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return time.minutes(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return time.hours(hours);
  return time.days(Math.floor(hours / 24));
}
