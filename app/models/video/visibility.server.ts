import { isStaff } from '~/lib/roles'
import type { FullCourse } from '~/models/catalogue/section.server'
import type { Role } from '#db/schema'
import { videosOfLectures, type VideoState } from './video.server'

// Which lectures a learner sees (docs/decisions/033-lecture-video.md): a lecture whose uploaded video is not ready
// yet (queued, transcoding, failed) and that has no YouTube link has nothing to play, so learners do not see it
// in the player's contents, in the player, or in get-full-course; staff see every lecture, with its video's state.
// A lecture with a YouTube link stays visible while its upload is made, and plays the YouTube video until then.

export type CourseWithVideos = { course: FullCourse; videos: Map<string, VideoState> }

/** `course` as `user` may see it, with the video state of each lecture that has an uploaded video. */
export async function withLectureVideos(course: FullCourse, user: { role: Role }): Promise<CourseWithVideos> {
  const ids = course.sections.flatMap((s) => s.lectures.map((l) => l.id))
  const videos = ids.length ? await videosOfLectures(ids) : new Map<string, VideoState>()
  if (isStaff(user.role)) return { course, videos }
  const shown = (l: { id: string; video_url: string }) => {
    const video = videos.get(l.id)
    return !video || video.status === 'ready' || l.video_url.trim() !== ''
  }
  return {
    course: { ...course, sections: course.sections.map((s) => ({ ...s, lectures: s.lectures.filter(shown) })) },
    videos,
  }
}

/** Whether the lecture plays our own video (ready): the player shows it instead of the YouTube link. */
export const playsOwnVideo = (videos: Map<string, VideoState>, lectureId: string) =>
  videos.get(lectureId)?.status === 'ready'
