import { onSessionReset } from '../../data/session/session-store';

/**
 * The favourites choice of the sidebar (spec §2, §9): when the user has more than 4 favourite menu entries, the
 * sidebar asks 使用收藏菜单？ with a 4-second countdown that then answers yes. The answer holds for the session
 * (sessionStorage) and is asked again after the next login.
 */
export const FAVOURITES_THRESHOLD = 4;
export const FAVOURITES_COUNTDOWN_S = 4;
export const FAVOURITES_CHOICE_KEY = 'ipos-use-favmenus';

/** The remembered answer: true = favourites, false = full menu, null = not asked yet in this session. */
export function rememberedChoice(): boolean | null {
  const v = sessionStorage.getItem(FAVOURITES_CHOICE_KEY);
  return v === '1' ? true : v === '0' ? false : null;
}

export function rememberChoice(useFavourites: boolean): void {
  sessionStorage.setItem(FAVOURITES_CHOICE_KEY, useFavourites ? '1' : '0');
}

/** Whether the question is asked at all: only above the threshold. */
export function offersFavourites(count: number): boolean {
  return count > FAVOURITES_THRESHOLD;
}

onSessionReset(() => sessionStorage.removeItem(FAVOURITES_CHOICE_KEY));
