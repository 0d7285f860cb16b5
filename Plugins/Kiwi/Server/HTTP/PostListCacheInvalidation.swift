import Hummingbird

/// Invalidates the post-list cache after every request that may write, before its answer
/// leaves: whoever wrote never reads a page from before the write.
struct PostListCacheInvalidation<Context: RequestContext>: RouterMiddleware {
    let cache: PostListCache

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method != .get, request.method != .head else { return try await next(request, context) }
        defer { cache.invalidate() }
        return try await next(request, context)
    }
}
