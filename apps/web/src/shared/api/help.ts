import { call } from './http.ts';

/** A help video of SPEC §3. */
export interface HelpVideo {
  id: string;
  title: string;
  frontPath: string;
  contentPath: string;
  columnNo: string;
}

export async function fetchHelpVideos(): Promise<HelpVideo[]> {
  const data = await call<{ config?: HelpVideo[] } | null>('/api/yuan-api/showHallConfig/listHelp', {
    method: 'POST',
    body: {},
    guard: false,
  });
  return data?.config ?? [];
}
