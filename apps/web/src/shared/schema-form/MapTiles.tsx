import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { type MouseEvent, useState } from 'react';
import { useTexts } from './texts.ts';

const TILE = 256;
const WIDTH = 320;
const HEIGHT = 200;
const MIN_ZOOM = 2;
const MAX_ZOOM = 18;

/** Web Mercator: a point's position in world pixels at a zoom level. */
export function project(lng: number, lat: number, zoom: number): { x: number; y: number } {
  const size = TILE * 2 ** zoom;
  const sin = Math.sin((Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

export function unproject(x: number, y: number, zoom: number): { lng: number; lat: number } {
  const size = TILE * 2 ** zoom;
  const n = Math.PI - (2 * Math.PI * y) / size;
  return { lng: (x / size) * 360 - 180, lat: (180 / Math.PI) * Math.atan(Math.sinh(n)) };
}

/** The address of one tile from a {z}/{x}/{y} template. */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
}

interface MapTilesProps {
  template: string;
  lng: number;
  lat: number;
  onPick?: (lng: number, lat: number) => void;
}

/** A small slippy map centred on the point, drawn from the configured tile server; a click moves the point. */
export function MapTiles({ template, lng, lat, onPick }: MapTilesProps) {
  const t = useTexts();
  const [zoom, setZoom] = useState(12);
  const centre = project(lng, lat, zoom);
  const left = centre.x - WIDTH / 2;
  const top = centre.y - HEIGHT / 2;
  const count = 2 ** zoom;
  const tiles: { key: string; src: string; x: number; y: number }[] = [];
  for (let tx = Math.floor(left / TILE); tx <= Math.floor((left + WIDTH) / TILE); tx += 1) {
    for (let ty = Math.floor(top / TILE); ty <= Math.floor((top + HEIGHT) / TILE); ty += 1) {
      if (ty >= 0 && ty < count) {
        const wrapped = ((tx % count) + count) % count;
        tiles.push({
          key: `${tx}/${ty}`,
          src: tileUrl(template, zoom, wrapped, ty),
          x: tx * TILE - left,
          y: ty * TILE - top,
        });
      }
    }
  }
  const pick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const point = unproject(left + event.clientX - box.left, top + event.clientY - box.top, zoom);
    onPick?.(Number(point.lng.toFixed(6)), Number(point.lat.toFixed(6)));
  };
  return (
    <div style={{ position: 'relative', width: WIDTH, height: HEIGHT, overflow: 'hidden', marginTop: 8 }}>
      <div
        data-testid="map-tiles"
        onClick={pick}
        style={{ position: 'absolute', inset: 0, cursor: 'crosshair' }}
      >
        {tiles.map((tile) => (
          <img
            key={tile.key}
            src={tile.src}
            alt=""
            draggable={false}
            style={{ position: 'absolute', left: tile.x, top: tile.y, width: TILE, height: TILE }}
          />
        ))}
        <span
          style={{
            position: 'absolute',
            left: WIDTH / 2 - 6,
            top: HEIGHT / 2 - 6,
            width: 12,
            height: 12,
            borderRadius: '50%',
            background: '#f5222d',
            border: '2px solid #fff',
          }}
        />
      </div>
      <Space.Compact orientation="vertical" style={{ position: 'absolute', right: 6, top: 6 }}>
        <Button
          size="small"
          icon={<PlusOutlined />}
          aria-label={t('schemaForm.zoomIn')}
          onClick={() => setZoom(Math.min(MAX_ZOOM, zoom + 1))}
        />
        <Button
          size="small"
          icon={<MinusOutlined />}
          aria-label={t('schemaForm.zoomOut')}
          onClick={() => setZoom(Math.max(MIN_ZOOM, zoom - 1))}
        />
      </Space.Compact>
    </div>
  );
}
