import { mindmap as enMindmap } from './en-US/mindmap.ts';
import { addTexts } from './index.ts';
import { mindmap as zhMindmap } from './zh-CN/mindmap.ts';

/**
 * The mind map screens' texts, loaded with their chunk. The screens also show entity rows and designed forms, whose
 * texts are the low-code area's: they load alongside (see the registry).
 */
export const mindmapTexts = { zh: zhMindmap, en: enMindmap };
export type MindmapTexts = typeof mindmapTexts.zh;

addTexts(mindmapTexts.zh, mindmapTexts.en);
