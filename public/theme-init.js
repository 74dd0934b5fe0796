// Applies the chosen colour mode before the app's own script runs, so a dark page never flashes white on load.
// The same rules as the app's colour mode (next-themes in src/ui/color-mode.tsx): local storage 'theme' holds
// 'light', 'dark' or 'system' (the default, which follows the device).
(function () {
  try {
    const setting = window.localStorage.getItem('theme');
    const system = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    const mode = setting === 'light' || setting === 'dark' ? setting : system;
    const root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(mode);
    root.style.colorScheme = mode;
  } catch {
    // No storage or no matchMedia: the app applies the mode itself a moment later.
  }
})();
