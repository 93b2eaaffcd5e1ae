/**
 * What other pages show of the proxy library (the form's "Saved proxy", batch create's saved
 * proxies, the environments list's exit column), in both languages. The Proxies page's texts
 * (features/proxies/locales.ts) include these.
 */
export const savedProxyCopy = {
  en: {
    // the environment form
    picker: 'Saved proxy',
    pickerPlaceholder: 'Fill the fields from a saved proxy',
    pickerEmpty: 'No saved proxies yet: add them on the Proxies page',
    pickerUsing:
      'This environment uses “{name}” of the proxy library: when that proxy is changed there, the environment follows.',
    pickerFailed: 'The saved proxy could not be read: {error}',
    // batch create
    batchSaved: 'Saved proxies',
    batchSavedPlaceholder: 'None: use the proxy below',
    batchSavedHelp:
      'Each new environment gets one of them in turn: the first, the second, … then the first again.',
    // the environments list
    exitColumn: 'Exit IP',
    exitFromCheck: 'Checked through “{proxy}”: {time}',
    exitFromStart: 'Seen when it last started: {time}',
  },
  zh: {
    picker: '已保存的代理',
    pickerPlaceholder: '从已保存的代理填写',
    pickerEmpty: '还没有保存的代理：可在“代理”页面添加',
    pickerUsing: '该环境使用代理库中的“{name}”：在代理库中修改该代理后，环境会随之更新。',
    pickerFailed: '无法读取已保存的代理：{error}',
    batchSaved: '已保存的代理',
    batchSavedPlaceholder: '不使用：采用下方的代理设置',
    batchSavedHelp: '新环境依次分配所选的代理：第一个、第二个……用完后再从第一个开始。',
    exitColumn: '出口 IP',
    exitFromCheck: '经“{proxy}”检测：{time}',
    exitFromStart: '最近一次启动时查询：{time}',
  },
};
