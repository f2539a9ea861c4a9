export const MAIN_ID = 'main';

/** The first Tab stop of every page: jumps past the navigation to the page's main content. */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      Skip to main content
    </a>
  );
}
