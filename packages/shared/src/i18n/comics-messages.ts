/**
 * Message keys of the comics feature: comics, people and requests. Genre names live in
 * ../genres.ts. The server registers them with `registerMessages` (./messages.ts); the dashboard
 * loads them with the comic pages.
 */

const vi = {
  fields: {
    isMature: "Nội dung 18+",
    isDoujinshi: "Doujinshi",
    syncArtistsWithAuthors: "Đồng bộ họa sĩ với tác giả",
    action: "Thao tác",
    searchBy: "Tìm theo",
    sort: "Sắp xếp",
    genre: "Thể loại",
    scope: "Phạm vi",
    type: "Loại",
    r18: "Nội dung 18+",
    allowR18: "Nội dung 18+",
    full: "Đầy đủ",
    id: "Mã",
  },
  comics: {
    genreInvalid: "Thể loại không hợp lệ",
    coupleSameCharacter: "Một cặp đôi phải gồm hai nhân vật khác nhau",
    couplesOnlyDoujinshi: "Chỉ truyện doujinshi mới có cặp đôi",
    coverUploadNotFound: "Ảnh bìa không tồn tại hoặc đã được dùng, vui lòng tải lên lại",
    personNotFound: "Không tìm thấy mục đã chọn (có thể đã bị xóa)",
    requestPending: {
      permission: "Nhóm của bạn đã có một yêu cầu cấp quyền đang chờ duyệt cho truyện này",
      delete: "Nhóm của bạn đã có một yêu cầu xóa đang chờ duyệt cho truyện này",
      merge: "Nhóm của bạn đã có một yêu cầu gộp đang chờ duyệt cho truyện này",
      "person-delete": "Nhóm của bạn đã có một yêu cầu xóa đang chờ duyệt cho mục này",
    },
    alreadyCanUpload: "Nhóm này đã có quyền đăng truyện này",
    teamCannotUpload: "Nhóm này không có quyền đăng truyện này",
    alreadyCollaborator: "Nhóm này đã cộng tác trong truyện này",
    notCollaborator: "Nhóm này không cộng tác trong truyện này",
    ownerTeamCollab: "Nhóm sở hữu truyện không thể là nhóm cộng tác",
    targetNotFound: "Không tìm thấy truyện đích",
    collabAdded: "Đã thêm nhóm cộng tác",
    collabRemoved: "Đã xóa nhóm cộng tác",
  },
  people: {
    nameTaken: "Tên này đã tồn tại",
    teamRequired: "Bạn cần là thành viên của một nhóm để thêm mục này",
    kind: {
      author: "tác giả",
      artist: "họa sĩ",
      character: "nhân vật",
    },
  },
  requests: {
    notPending: "Yêu cầu này đã được xử lý",
    approved: "Đã duyệt yêu cầu",
    rejected: "Đã từ chối yêu cầu",
    type: {
      permission: "Cấp quyền đăng",
      delete: "Xóa truyện",
      merge: "Gộp truyện",
      "person-delete": "Xóa mục",
    },
    status: {
      pending: "Đang chờ duyệt",
      approved: "Đã duyệt",
      rejected: "Đã từ chối",
      cancelled: "Đã hủy",
      superseded: "Không còn hiệu lực",
    },
  },
} as const;

type Catalogue<T> = { readonly [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

const en: Catalogue<typeof vi> = {
  fields: {
    isMature: "Mature content (18+)",
    isDoujinshi: "Doujinshi",
    syncArtistsWithAuthors: "Synchronise artists with authors",
    action: "Action",
    searchBy: "Search by",
    sort: "Sort",
    genre: "Genre",
    scope: "Scope",
    type: "Type",
    r18: "Mature content",
    allowR18: "Mature content",
    full: "Full",
    id: "Id",
  },
  comics: {
    genreInvalid: "Invalid genre",
    coupleSameCharacter: "A couple must be two different characters",
    couplesOnlyDoujinshi: "Only doujinshi comics have couples",
    coverUploadNotFound: "The cover does not exist or was already used, please upload it again",
    personNotFound: "The selected entry was not found (it may have been deleted)",
    requestPending: {
      permission: "Your team already has a pending permission request for this comic",
      delete: "Your team already has a pending delete request for this comic",
      merge: "Your team already has a pending merge request for this comic",
      "person-delete": "Your team already has a pending delete request for this entry",
    },
    alreadyCanUpload: "This team may already upload to this comic",
    teamCannotUpload: "This team may not upload to this comic",
    alreadyCollaborator: "This team already collaborates on this comic",
    notCollaborator: "This team does not collaborate on this comic",
    ownerTeamCollab: "The owning team cannot be a collaborating team",
    targetNotFound: "Target comic not found",
    collabAdded: "Collaborating team added",
    collabRemoved: "Collaborating team removed",
  },
  people: {
    nameTaken: "This name already exists",
    teamRequired: "You must be a member of a team to add this",
    kind: {
      author: "author",
      artist: "artist",
      character: "character",
    },
  },
  requests: {
    notPending: "This request has already been reviewed",
    approved: "Request approved",
    rejected: "Request rejected",
    type: {
      permission: "Upload permission",
      delete: "Delete comic",
      merge: "Merge comic",
      "person-delete": "Delete entry",
    },
    status: {
      pending: "Pending",
      approved: "Approved",
      rejected: "Rejected",
      cancelled: "Cancelled",
      superseded: "Superseded",
    },
  },
};

export const comicsMessages = { vi, en } as const;
