/* ImageInvisible 1: runs in every document, in its own world. */
(() => {
  const css = 'img,picture,svg image,[style*="background-image"]{visibility:hidden!important}';
  const add = () => {
    const style = document.createElement('style');
    style.textContent = css;
    (document.head || document.documentElement).appendChild(style);
  };
  if (document.documentElement) add();
  else document.addEventListener('readystatechange', add, { once: true });
})();
