/** Texts of the grid designer and the grid screen (en). */
export const gridDesign = {
  'gridDesign.title': 'Grid design',
  'gridDesign.notFound': 'The grid does not exist or you may not see it',
} as const;
