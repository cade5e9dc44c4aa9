import Foundation
import GrubmapCore
import GrubmapCrypto
import GrubmapHTTP
import GrubmapStore

/// Signing in to the console and out of it, and setting up an account from its one-time link.
struct SignInFeature: RouteCollection {
    let store: any OperatorStore & CatalogStore
    let hasher: PasswordHasher
    /// Checked when an address has no account, so a sign-in takes as long either way.
    let decoyHash: String

    init(store: any OperatorStore & CatalogStore, hasher: PasswordHasher) {
        self.store = store
        self.hasher = hasher
        decoyHash = hasher.makeDecoy()
    }

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.Console.signIn, .page, .consoleGuest, signInPage)
        routes.add(.post, Paths.Console.signIn, .page, .consoleGuest, signIn)
        routes.add(.get, Paths.Console.setup, .page, .consoleGuest, setupPage)
        routes.add(.post, Paths.Console.setup, .page, .consoleGuest, setUp)
        routes.add(.post, Paths.Console.signOut, .signedIn, signOut)
        routes.add(.post, Paths.Console.signOutEverywhere, .signedIn, signOutEverywhere)
    }

    private var throttle: SignInThrottle { SignInThrottle(store: store) }

    /// `GET /admin/sign-in[?next=/admin/…]`.
    func signInPage(_ context: ConsoleGuestContext) throws -> Response {
        let query = context.base.request.query
        let notice: String? =
            switch query["done"] {
            case "setup": context.text.setupDone
            case "everywhere": context.text.signedOutEverywhere
            default: nil
            }
        let page = SignInPage(
            text: context.text, csrfToken: context.csrfToken, email: "", next: Self.consolePath(query["next"]),
            problem: nil, notice: notice)
        return .html(page.render())
    }

    /// `POST /admin/sign-in` with `email`, `password`, `code` (when the account has a second factor) and `next`.
    func signIn(_ context: ConsoleGuestContext) throws -> Response {
        let form = try context.base.request.decodeForm(SignInForm.self, code: "invalid_sign_in")
        let text = context.text
        let now = context.base.now
        let address = context.base.clientAddress
        let email = (try? Operator.normalizedEmail(form.email ?? "")) ?? (form.email ?? "").lowercased()
        let next = Self.consolePath(form.next)
        func refuse(_ message: String, status: Status) -> Response {
            let page = SignInPage(
                text: text, csrfToken: context.csrfToken, email: form.email ?? "", next: next, problem: message,
                notice: nil)
            return .html(page.render(), status: status)
        }
        func throttled(_ wait: Int) -> Response {
            var response = refuse(text.tooManyAttempts(wait), status: .tooManyRequests)
            response.headers["Retry-After"] = "\(wait)"
            return response
        }
        // Counted before the password is checked, in one step with the check of the counts.
        let proofWait: Int?
        switch try throttle.attempt(email: email, address: address, now: now) {
        case .wait(let seconds): return throttled(seconds)
        case .check(let wait): proofWait = wait
        }
        let password = String((form.password ?? "").prefix(PasswordPolicy.maximumLength * 4))
        let credentials = try store.operatorCredentials(email: email)
        let matches = PasswordHasher.verify(password, against: credentials?.passwordHash ?? decoyHash)
        guard let credentials, credentials.passwordHash != nil, matches else {
            // While guesses from many addresses hold the account, every attempt short of a full proof hears the same.
            return proofWait.map(throttled) ?? refuse(text.wrongCredentials, status: .unprocessableContent)
        }
        let account = credentials.account
        if let secret = credentials.secondFactorSecret {
            guard let step = TOTP(secret: secret).matchingStep(form.code ?? "", at: now) else {
                return proofWait.map(throttled) ?? refuse(text.wrongCode, status: .unprocessableContent)
            }
            guard try store.acceptSecondFactorStep(operatorID: account.id, step: step) else {
                return proofWait.map(throttled) ?? refuse(text.wrongCode, status: .unprocessableContent)
            }
        } else if let proofWait {
            // A password alone does not pass a throttle held by guesses from many addresses.
            return throttled(proofWait)
        }
        try throttle.succeeded(email: email, address: address)
        if let stored = credentials.passwordHash, hasher.needsRehash(stored), let rehashed = hasher.hash(password) {
            try store.setPasswordHash(operatorID: account.id, rehashed)
        }
        let session = OperatorSession.make(
            for: account.id, now: now, randomBytes: context.base.environment.randomBytes)
        try store.createOperatorSession(session)
        var response = Response.redirect(to: next ?? Paths.Console.home())
        response.headers.add(
            name: "Set-Cookie", value: ConsoleResponses.sessionCookie(session, secure: context.base.isSecure))
        return response
    }

    /// `GET /admin/setup?token=…`: the form to choose a password, or why the link does not work.
    func setupPage(_ context: ConsoleGuestContext) throws -> Response {
        let token = context.base.request.query["token"] ?? ""
        switch try linkState(token, now: context.base.now, text: context.text) {
        case .valid(let account):
            let page = SetupPage(
                text: context.text, csrfToken: context.csrfToken, token: token, email: account.email, problems: [:])
            return .html(page.render())
        case .refused(let message, let status):
            return .html(SetupPage.refusal(text: context.text, message: message).render(), status: status)
        }
    }

    /// `POST /admin/setup` with `token`, `password` and `repeat`.
    func setUp(_ context: ConsoleGuestContext) throws -> Response {
        let form = try context.base.request.decodeForm(SetupForm.self, code: "invalid_setup")
        let text = context.text
        let token = form.token ?? ""
        let account: Operator
        switch try linkState(token, now: context.base.now, text: text) {
        case .valid(let found): account = found
        case .refused(let message, let status):
            return .html(SetupPage.refusal(text: text, message: message).render(), status: status)
        }
        let password = form.password ?? ""
        var problems: [String: String] = [:]
        if let problem = PasswordPolicy.standard.problem(with: password, email: account.email) {
            problems["password"] = text.passwordProblem(problem)
        } else if password != (form.repeat ?? "") {
            problems["repeat"] = text.passwordsDiffer
        }
        guard problems.isEmpty, let hash = hasher.hash(password) else {
            let page = SetupPage(
                text: text, csrfToken: context.csrfToken, token: token, email: account.email, problems: problems)
            return .html(page.render(), status: .unprocessableContent)
        }
        guard try store.completeSetup(token: token, passwordHash: hash, at: context.base.now) != nil else {
            // Used or expired between the check and the write (another tab, the clock): say which.
            if case .refused(let message, let status) = try linkState(token, now: context.base.now, text: text) {
                return .html(SetupPage.refusal(text: text, message: message).render(), status: status)
            }
            throw HTTPError(.conflict, code: "setup_conflict", message: text.linkUsed)
        }
        return .redirect(to: Paths.Console.signIn(query: [("done", "setup")]))
    }

    /// `POST /admin/sign-out`: ends this browser's session.
    func signOut(_ context: ConsoleContext) throws -> Response {
        try store.deleteOperatorSession(token: context.session.token)
        return signedOut(context, query: [])
    }

    /// `POST /admin/sign-out-everywhere`: ends every session of the operator, on every device.
    func signOutEverywhere(_ context: ConsoleContext) throws -> Response {
        try store.deleteOperatorSessions(operatorID: context.account.id)
        return signedOut(context, query: [("done", "everywhere")])
    }

    private func signedOut(_ context: ConsoleContext, query: [(String, String)]) -> Response {
        var response = Response.redirect(to: Paths.Console.signIn(query: query))
        response.headers.add(name: "Set-Cookie", value: ConsoleResponses.sessionCookie(nil, secure: context.isSecure))
        return response
    }

    private enum LinkState {
        case valid(Operator)
        case refused(String, Status)
    }

    private func linkState(_ token: String, now: Date, text: ConsoleStrings) throws -> LinkState {
        guard Session.isWellFormedToken(token), let link = try store.setupLink(token: token) else {
            return .refused(text.linkUnknown, .notFound)
        }
        if link.usedAt != nil { return .refused(text.linkUsed, .gone) }
        if link.expiresAt <= now { return .refused(text.linkExpired, .gone) }
        return .valid(link.account)
    }

    /// A path inside the console to return to after signing in; anything else (another site, a visitor page) is
    /// dropped, so the sign-in page cannot be made an open redirect.
    static func consolePath(_ text: String?) -> String? {
        guard let path = Request.localPath(text), Paths.Console.contains(String(path.prefix { $0 != "?" })) else {
            return nil
        }
        return path
    }

    private struct SignInForm: Decodable {
        let email: String?
        let password: String?
        let code: String?
        let next: String?
    }

    private struct SetupForm: Decodable {
        let token: String?
        let password: String?
        let `repeat`: String?
    }
}
