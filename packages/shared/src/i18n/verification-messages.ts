/**
 * Server messages of e-mail verification (an invitation goes only to a verified address).
 * The server registers them with `registerMessages` (./messages.ts).
 */

const vi = {
  verification: {
    linkInvalid: "Liên kết xác nhận không hợp lệ. Hãy mở đúng liên kết trong thư, hoặc gửi lại thư xác nhận",
    linkExpired: "Liên kết xác nhận đã hết hạn. Hãy đăng nhập và gửi lại thư xác nhận",
    linkUsed: "Liên kết xác nhận này đã được dùng. Mỗi liên kết chỉ dùng được một lần",
    linkStale: "Địa chỉ e-mail của tài khoản đã đổi sau khi thư này được gửi. Hãy gửi lại thư xác nhận",
    alreadyVerified: "E-mail của bạn đã được xác nhận",
    resendTooSoon: "Thư xác nhận vừa được gửi. Hãy kiểm tra hộp thư, hoặc thử lại sau {{seconds}} giây",
    resendTooMany: "Bạn đã gửi lại thư xác nhận {{max}} lần trong một giờ. Hãy thử lại sau",
    invitationNeedsVerifiedEmail: "Hãy xác nhận e-mail của bạn trước khi trả lời lời mời vào nhóm",
    emailMissing:
      "Dịch vụ đăng nhập không cho biết địa chỉ e-mail của bạn. Hãy cho phép chia sẻ e-mail khi đăng nhập, hoặc đăng ký bằng e-mail",
    passwordNotChoosable:
      "Tài khoản này đã có mật khẩu hoặc không đăng nhập bằng mật khẩu. Để đặt mật khẩu mới, hãy dùng “Quên mật khẩu?” ở trang đăng nhập",
  },
} as const;

type Catalogue<T> = { readonly [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

const en: Catalogue<typeof vi> = {
  verification: {
    linkInvalid: "This confirmation link is not valid. Open the exact link from the mail, or send a new one",
    linkExpired: "This confirmation link has expired. Sign in and send a new one",
    linkUsed: "This confirmation link was already used. Each link works once",
    linkStale: "The account's e-mail address changed after this mail was sent. Send a new confirmation mail",
    alreadyVerified: "Your e-mail is already confirmed",
    resendTooSoon: "A confirmation mail was just sent. Check your inbox, or try again in {{seconds}} seconds",
    resendTooMany: "You asked for the confirmation mail {{max}} times in an hour. Try again later",
    invitationNeedsVerifiedEmail: "Confirm your e-mail before answering a team invitation",
    emailMissing:
      "The sign-in service did not share your e-mail address. Allow it to share your e-mail, or register with your e-mail",
    passwordNotChoosable:
      "This account already has a password or does not sign in with one. To set a new one, use “Forgot password?” on the sign-in page",
  },
};

export const verificationMessages = { vi, en } as const;
