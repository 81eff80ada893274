/**
 * The instants the API accepts as input and every store can hold: from
 * 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z. PostgreSQL has no
 * year 0 and PGlite cannot take a year past 9999 (JavaScript writes it
 * '+010000-…'), so a date outside is refused at parsing with a 422 that
 * names the field, never sent to a store. Nothing the bank records lies
 * before 1970.
 */
export const EARLIEST_INSTANT = new Date(Date.UTC(1970, 0, 1));
export const LATEST_INSTANT = new Date(Date.UTC(9999, 11, 31, 23, 59, 59, 999));

export const INSTANT_RANGE_RULE = 'must lie between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z';

export function isWithinInstantRange(at: Date): boolean {
  const time = at.getTime();
  return time >= EARLIEST_INSTANT.getTime() && time <= LATEST_INSTANT.getTime();
}
