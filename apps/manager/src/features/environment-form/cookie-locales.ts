/** Every visible text of the cookie import of one environment, in both languages. */
export const cookieCopy = {
  en: {
    cancel: 'Cancel',
    cookieTitle: 'Import cookies',
    cookieIntro:
      'Pick a cookie file: a JSON export of a browser extension (EditThisCookie, Cookie-Editor), a Puppeteer or Playwright cookie list, or a Netscape cookies.txt.',
    pickFile: 'Choose a file…',
    pasteLabel: 'Or paste them here',
    pastePlaceholder:
      'Paste the JSON of a cookie extension, a Puppeteer or Playwright list, or a cookies.txt',
    pasted: 'Pasted cookies',
    fileRead: '{file}: {count} {count|cookie|cookies}',
    mode: 'What happens to the current cookies',
    merge: 'Keep them; the file’s cookies replace those with the same domain, path and name',
    replace: 'Replace them all with the file’s cookies',
    importN: 'Import {count}',
    imported: 'Cookies imported: the environment now has {count}.',
    readFailed: 'The file could not be read.',
  },
  zh: {
    cancel: '取消',
    cookieTitle: '导入 Cookie',
    cookieIntro:
      '选择 Cookie 文件：浏览器扩展（EditThisCookie、Cookie-Editor）导出的 JSON、Puppeteer 或 Playwright 的 Cookie 列表，或 Netscape cookies.txt。',
    pickFile: '选择文件…',
    pasteLabel: '或直接粘贴到这里',
    pastePlaceholder:
      '粘贴 Cookie 扩展导出的 JSON、Puppeteer 或 Playwright 的 Cookie 列表，或 cookies.txt 内容',
    pasted: '粘贴的 Cookie',
    fileRead: '{file}：{count} 个 Cookie',
    mode: '现有 Cookie 如何处理',
    merge: '保留；文件中域名、路径和名称相同的 Cookie 将替换原有的',
    replace: '全部替换为文件中的 Cookie',
    importN: '导入 {count} 个',
    imported: 'Cookie 已导入：该环境现有 {count} 个。',
    readFailed: '无法读取该文件。',
  },
};
