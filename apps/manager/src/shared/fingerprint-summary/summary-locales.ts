/**
 * Copy of the fingerprint summary: the form's (environment-form/sections/FingerprintSummary.tsx)
 * and the running popover's (environments/RunningInfo.tsx).
 */
export const summaryCopy = {
  en: {
    title: 'What sites will see',
    system: 'System',
    userAgent: 'User agent',
    screen: 'Screen',
    window: 'Window',
    windowFills: 'Fills the screen',
    windowPhone: 'Phone-sized',
    timezone: 'Time zone',
    language: 'Language',
    exit: 'Exit IP',
    hostSystem: 'This computer’s ({system})',
    automatic: 'Chosen for the system',
    followsExit: 'From the proxy’s exit IP',
    systemOwn: 'This computer’s',
    generated: 'Generated for the system when saved',
    noProxy: 'This computer’s own connection',
    notChecked: 'Not checked yet: use “Check proxy”',
    userAgentSystem:
      'The user agent is one of {userAgentSystem}, but the environment presents {system}: sites compare the two.',
    windowLargerThanScreen:
      'The window ({window}) is larger than the screen ({screen}): no real computer shows that. Make the window smaller in the launch arguments, or choose a larger screen.',
    timezoneCountry:
      'The time zone {timezone} is the clock of {timezoneCountry}, but the proxy exits in {exitCountry}: sites compare the clock with the IP address.',
    allAgree: 'These values agree with each other.',
  },
  zh: {
    title: '网站将看到的信息',
    system: '系统',
    userAgent: 'User-Agent',
    screen: '屏幕',
    window: '窗口',
    windowFills: '铺满屏幕',
    windowPhone: '手机尺寸',
    timezone: '时区',
    language: '语言',
    exit: '出口 IP',
    hostSystem: '本机系统（{system}）',
    automatic: '按系统自动选择',
    followsExit: '跟随代理出口 IP',
    systemOwn: '使用本机设置',
    generated: '保存时按系统自动生成',
    noProxy: '本机直连网络',
    notChecked: '尚未检测：请点击“检测代理”',
    userAgentSystem:
      'User-Agent 属于 {userAgentSystem}，但环境模拟的是 {system}：网站会比对这两项。',
    windowLargerThanScreen:
      '窗口（{window}）比屏幕（{screen}）还大，真实电脑不会出现这种情况。请在启动参数中缩小窗口，或选择更大的屏幕分辨率。',
    timezoneCountry:
      '时区 {timezone} 是{timezoneCountry}的时间，但代理出口在{exitCountry}：网站会比对时间和 IP 地址。',
    allAgree: '这些信息彼此一致。',
  },
};
