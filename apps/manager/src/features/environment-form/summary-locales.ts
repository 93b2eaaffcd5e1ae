/** Copy of the form's fingerprint summary (sections/FingerprintSummary.tsx). */
export const summaryCopy = {
  en: {
    title: 'What sites will see',
    system: 'System',
    userAgent: 'User agent',
    screen: 'Screen',
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
    timezoneCountry:
      'The time zone {timezone} is the clock of {timezoneCountry}, but the proxy exits in {exitCountry}: sites compare the clock with the IP address.',
    allAgree: 'These values agree with each other.',
  },
  zh: {
    title: '网站将看到的信息',
    system: '系统',
    userAgent: 'User-Agent',
    screen: '屏幕',
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
    timezoneCountry:
      '时区 {timezone} 是{timezoneCountry}的时间，但代理出口在{exitCountry}：网站会比对时间和 IP 地址。',
    allAgree: '这些信息彼此一致。',
  },
};
