// antd's motion (rc-motion) animates where an element's style knows the CSS `animation` and `transition`
// properties, which jsdom 31's does: an element entering or leaving would then wait for an animation end that jsdom
// never fires (a hidden loading icon stays in its button's accessible name, an error message stays while it
// "leaves"). Without those properties (as in jsdom 27) rc-motion finds no support and shows and hides at once, as
// the browser tests have it with reduced motion. Its own setup file, first in the list: it must run before any
// antd module is loaded.
const MOTION_PROPERTIES = ['animation', 'WebkitAnimation', 'transition', 'WebkitTransition'];

for (const name of MOTION_PROPERTIES) {
  let owner: object | null = document.createElement('div').style;
  while (owner && !Object.hasOwn(owner, name)) {
    owner = Object.getPrototypeOf(owner) as object | null;
  }
  if (owner) {
    Reflect.deleteProperty(owner, name);
  }
}
