import { InputNumber, Space } from 'antd';
import { getAppConfig } from '../../config/appConfig.ts';
import { MapTiles } from '../MapTiles.tsx';
import { useTexts } from '../texts.ts';
import type { WidgetDef, WidgetProps } from '../types.ts';

/** Where an empty map opens: Beijing, as the product's users are mostly in China. */
const DEFAULT_CENTRE = { lng: 116.397428, lat: 39.90923 };

/** The stored shape of a place: "longitude,latitude" in degrees, one text that fits any column. */
export function parsePoint(value: unknown): { lng: number | null; lat: number | null } {
  const [lng, lat] = typeof value === 'string' ? value.split(',').map((part) => part.trim()) : [];
  const number = (text: string | undefined) =>
    text === undefined || text === '' || Number.isNaN(Number(text)) ? null : Number(text);
  return { lng: number(lng), lat: number(lat) };
}

export function formatPoint(lng: number | null, lat: number | null): string | undefined {
  return lng === null && lat === null ? undefined : `${lng ?? ''},${lat ?? ''}`;
}

/**
 * A place as "lng,lat": two number boxes, and a tile map to click on when the application configures a tile
 * server (mapTileUrl); without one nothing is fetched from anywhere.
 */
export function MapWidget({ id, value, onChange, onBlur, disabled, readOnly }: WidgetProps) {
  const t = useTexts();
  const { lng, lat } = parsePoint(value);
  const template = getAppConfig().mapTileUrl;
  const locked = Boolean(disabled || readOnly);
  return (
    <div>
      <Space wrap>
        <InputNumber
          id={id}
          aria-label={t('schemaForm.longitude')}
          placeholder={t('schemaForm.longitude')}
          min={-180}
          max={180}
          step={0.000001}
          value={lng}
          onChange={(next) => onChange?.(formatPoint(next ?? null, lat))}
          onBlur={onBlur}
          disabled={disabled}
          readOnly={readOnly}
          style={{ width: 180 }}
        />
        <InputNumber
          aria-label={t('schemaForm.latitude')}
          placeholder={t('schemaForm.latitude')}
          min={-90}
          max={90}
          step={0.000001}
          value={lat}
          onChange={(next) => onChange?.(formatPoint(lng, next ?? null))}
          onBlur={onBlur}
          disabled={disabled}
          readOnly={readOnly}
          style={{ width: 180 }}
        />
      </Space>
      {template ? (
        <MapTiles
          template={template}
          lng={lng ?? DEFAULT_CENTRE.lng}
          lat={lat ?? DEFAULT_CENTRE.lat}
          onPick={locked ? undefined : (x, y) => onChange?.(formatPoint(x, y))}
        />
      ) : null}
    </div>
  );
}

/** Half a place is no place: both numbers must be there. */
export const mapWidget: WidgetDef = {
  Widget: MapWidget,
  isEmpty: (value) => {
    const { lng, lat } = parsePoint(value);
    return lng === null || lat === null;
  },
};
