/**
 * What a screen gets: the id of a detail page, or null on a list. Here rather than in screens.tsx,
 * which loads the screens: a screen importing its props from there would import its own loader.
 */
export interface ScreenProps {
  id: number | null;
}
