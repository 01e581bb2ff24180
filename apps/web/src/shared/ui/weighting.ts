import type { HeatmapSize } from '@solstice/contracts';
import { i18n } from '../i18n/i18n';

/** How a sector figure weighs its stocks, said beside every such figure (common:weighting). */
export function weightingLabel(size: HeatmapSize): string {
  return i18n.t(`common:weighting.${size}`);
}
