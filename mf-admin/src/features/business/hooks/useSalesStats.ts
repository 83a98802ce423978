import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  isCalendarDay,
  localToday,
  statsPeriod,
  type SalesStatsQuery,
  type StatsGroup,
  type StatsPreset,
} from '@circo/shared-contracts';
import { toResource } from '@circo/shared-web';
import {
  browserTimeZone,
  businessPaths,
  businessQueries,
  downloadCsv,
  refusesTimeZone,
} from '../queries';

export type PeriodChoice = StatsPreset | 'custom';

/**
 * The period the dashboard shows (a preset, or days the admin picks), how it is grouped, the
 * stats of that period (the last answer stays on screen while the next one loads) and its CSV.
 */
export function useSalesStats() {
  const today = useMemo(() => localToday(), []);
  const [choice, setChoice] = useState<PeriodChoice>('thisMonth');
  const [custom, setCustom] = useState(() => statsPeriod('thisMonth', today));
  const [groupBy, setGroupBy] = useState<StatsGroup | null>(null);
  const [csvError, setCsvError] = useState(false);
  const browserZone = useMemo(() => browserTimeZone(), []);
  // a browser zone the API refuses: the days are counted in UTC, with a note, not an error
  const [zoneRefused, setZoneRefused] = useState(false);
  const base = choice === 'custom' ? custom : statsPeriod(choice, today);
  const customOk =
    isCalendarDay(custom.from) && isCalendarDay(custom.to) && custom.from <= custom.to;
  const query: SalesStatsQuery = {
    from: base.from,
    to: base.to,
    groupBy: groupBy ?? base.groupBy,
    tz: zoneRefused ? 'UTC' : browserZone,
  };
  const sales = useQuery({
    ...businessQueries.sales(query),
    enabled: choice !== 'custom' || customOk,
    placeholderData: (previous) => previous,
  });
  const refused = refusesTimeZone(sales.error);
  useEffect(() => {
    if (refused) setZoneRefused(true);
  }, [refused]);
  const res = toResource(sales);

  const downloadSalesCsv = async () => {
    setCsvError(false);
    try {
      await downloadCsv(
        businessPaths.salesCsv,
        { ...query },
        `ventas-${query.from}-${query.to}.csv`,
      );
    } catch {
      setCsvError(true);
    }
  };

  return {
    today,
    choice,
    setChoice,
    custom,
    setCustom,
    /** The custom days are calendar days, the first not after the last. */
    badPeriod: choice === 'custom' && !customOk,
    groupBy: query.groupBy,
    setGroupBy,
    res,
    /** The API refused the browser's zone and is asked again in UTC (`utcZone` names the browser's). */
    refused,
    utcZone: zoneRefused ? browserZone : null,
    csvError,
    downloadSalesCsv,
  };
}

export type SalesStatsState = ReturnType<typeof useSalesStats>;
