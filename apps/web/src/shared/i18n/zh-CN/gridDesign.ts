/** Texts of the grid designer and the grid screen (zh). */
export const gridDesign = {
  'gridDesign.title': '表格设计',
  'gridDesign.notFound': '表格不存在或无权查看',
} as const;
