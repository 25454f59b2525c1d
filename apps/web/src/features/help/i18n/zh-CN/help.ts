/** Texts of the operation guide: the help dialog's player and the help-video management screen (zh). */
export const help = {
  'guide.manage': '管理视频',
  'guide.allColumns': '全部',
  'guide.closePlayer': '关闭视频',
  'guide.inline': '浏览器未允许全屏，视频在此播放',
  'helpVideo.coverTip': '封面图片：JPG、PNG、GIF 或 WebP',
  'helpVideo.videoTip': '视频或音频：MP4、WebM、MP3 或 WAV，不超过 10MB',
  'helpVideo.open': '打开',
  'helpVideo.noCover': '无封面',
};
