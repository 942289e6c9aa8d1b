// hls.js ships one declaration file for its full and light builds; the light build (no subtitles, alternate audio
// or DRM, none of which the lecture ladder uses) has the same API.
declare module 'hls.js/light' {
  export { default } from 'hls.js'
}
