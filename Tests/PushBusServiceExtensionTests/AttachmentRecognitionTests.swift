import Foundation
import PushBusCore
import PushBusTestSupport
import PushBusTesting
import Testing

@testable import PushBusServiceExtension

/// Where providers put attachments, and how files are typed from their first bytes.
@Suite(.timeLimit(.minutes(2))) struct AttachmentRecognitionTests {
    @Test func eachProvidersKeyIsFound() {
        let payload: PushValue = [
            "aps": ["alert": "x", "mutable-content": 1],
            "fcm_options": ["image": "https://fcm.example/a.png"],
            "att": ["id": "https://onesignal.example/b.jpg"],
            "com.urbanairship.media_attachment": ["url": ["https://airship.example/c.gif"]],
            "ab": ["att": ["url": "https://braze.example/d.mp4", "type": "mp4"]],
            "image": "https://generic.example/e.jpg",
            "media-url": "https://fcm.example/a.png",  // the same address twice: downloaded once
        ]
        let found = AttachmentLocator().addresses(in: payload.objectValue!)
        #expect(
            found.map(\.key) == [
                "att.id", "com.urbanairship.media_attachment.url[0]", "ab.att.url", "fcm_options.image", "image",
            ])
    }

    @Test func keysOfYourOwnAreReadAfterTheBuiltInOnes() {
        let payload: PushValue = [
            "image": "https://generic.example/a.jpg",
            "data": ["media": ["url": "https://app.example/b.png"]],
            "gallery": ["https://app.example/c.png", "https://generic.example/a.jpg", 7],
        ]
        let locator = AttachmentLocator(additionalKeys: ["data.media.url", "gallery", "data.missing"])
        let found = locator.addresses(in: payload.objectValue!)
        // The built-in key first; an address already found is not found again; a non-string is no address.
        #expect(found.map(\.key) == ["image", "data.media.url", "gallery"])
        #expect(
            found.map(\.address) == [
                "https://generic.example/a.jpg", "https://app.example/b.png", "https://app.example/c.png",
            ])
        #expect(AttachmentLocator().addresses(in: payload.objectValue!).map(\.key) == ["image"])
    }

    @Test func theNewerProvidersImagesAreFoundWithTheirMarkersOnly() {
        let iterable: PushValue = ["itbl": ["messageId": "m", "attachment-url": "https://iterable.example/a.jpg"]]
        #expect(AttachmentLocator().addresses(in: iterable.objectValue!).map(\.key) == ["itbl.attachment-url"])
        let cleverTap: PushValue = ["wzrk_id": "1", "ct_mediaUrl": "https://clevertap.example/b.png"]
        #expect(AttachmentLocator().addresses(in: cleverTap.objectValue!).map(\.key) == ["ct_mediaUrl"])
        // `attachment` alone is any app's key; only Pushwoosh's marker makes it an image to download.
        let plain: PushValue = ["attachment": "https://x.example/c.png"]
        #expect(AttachmentLocator().addresses(in: plain.objectValue!).isEmpty)
        let pushwoosh: PushValue = ["pw_msg": "1", "attachment": "https://x.example/c.png"]
        #expect(AttachmentLocator().addresses(in: pushwoosh.objectValue!).map(\.key) == ["attachment"])
    }

    @Test func everySupportedTypeIsRecognizedFromItsFirstBytes() {
        for type in AttachmentMediaType.allCases {
            #expect(AttachmentMediaType(sniffing: LoopbackHTTPServer.header(of: type)) == type, "\(type)")
        }
        #expect(AttachmentMediaType(sniffing: [0xFF, 0xFB, 0x90, 0x64]) == .mp3)  // a bare MPEG frame
        #expect(AttachmentMediaType(sniffing: Array("<!doctype html>".utf8)) == nil)
        #expect(AttachmentMediaType(sniffing: [UInt8]()) == nil)
        #expect(AttachmentMediaType(sniffing: [0xFF, 0xF1, 0x50, 0x80]) == nil)  // raw ADTS AAC: iOS wants M4A
    }

    @Test func realFileHeadersAreTypedAndOtherISOBoxFilesAreRefused() {
        func box(_ brand: String) -> [UInt8] { [0, 0, 0, 0x1C] + Array("ftyp\(brand)".utf8) + [0, 0, 0, 0] }
        // As written by common encoders: ffmpeg MP4 (isom), iPhone video (qt), iTunes audio (M4A), HEIC photo.
        #expect(AttachmentMediaType(sniffing: box("isom")) == .mp4)
        #expect(AttachmentMediaType(sniffing: box("mp42")) == .mp4)
        #expect(AttachmentMediaType(sniffing: box("qt  ")) == .mov)
        #expect(AttachmentMediaType(sniffing: box("M4A ")) == .m4a)
        #expect(AttachmentMediaType(sniffing: box("heic")) == .heic)
        // AVIF and 3GP are ISO box files too, but not types an attachment can be: refused, not mislabelled .mp4.
        #expect(AttachmentMediaType(sniffing: box("avif")) == nil)
        #expect(AttachmentMediaType(sniffing: box("3gp4")) == nil)
    }

    @Test func addressesAreCheckedBeforeAnyRequest() {
        let policy = AttachmentPolicy(allowedInsecureHosts: ["127.0.0.1"])
        #expect((try? policy.check("https://cdn.example/a.jpg").get()) != nil)
        #expect((try? policy.check("http://127.0.0.1:8080/a.jpg").get()) != nil)
        #expect(throws: AttachmentFailureReason.insecureAddress) { try policy.check("http://cdn.example/a.jpg").get() }
        #expect(throws: AttachmentFailureReason.invalidAddress) { try policy.check("file:///etc/passwd").get() }
        #expect(throws: AttachmentFailureReason.invalidAddress) { try policy.check("not a url").get() }
    }

    @Test func moreThanTheMaximumCountAreReportedNotDownloaded() async throws {
        var policy = AttachmentPolicy()
        policy.maximumCount = 0
        let box = ResultBox()
        ServiceExtensionPipeline(clock: ManualClock(), steps: [.attachments(AttachmentDownloader(policy: policy))])
            .run(
                PushContent(payload: ["image": "https://x.example/a.jpg"]), requestIdentifier: "r",
                contentHandler: box.handler)
        let result = try #require(await box.next())
        #expect(result.attachments.map(\.failure) == [.tooMany(limit: 0)])
    }
}
