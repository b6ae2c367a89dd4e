import Foundation

/// A media type iOS attaches to a notification, recognized from a file's first bytes.
public enum AttachmentMediaType: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, gif, heic, webp
    case mp3, m4a, wav, aiff
    case mp4, mov

    /// Image, audio or video: each has its own size limit.
    package enum Category: String, Sendable, Hashable {
        case image, audio, video
    }

    /// The category, which decides the size limit.
    package var category: Category {
        switch self {
        case .jpeg, .png, .gif, .heic, .webp: return .image
        case .mp3, .m4a, .wav, .aiff: return .audio
        case .mp4, .mov: return .video
        }
    }

    /// The file extension iOS expects (`UNNotificationAttachment` reads the type from it).
    package var fileExtension: String {
        switch self {
        case .jpeg: return "jpg"
        case .aiff: return "aiff"
        default: return rawValue
        }
    }

    /// The Uniform Type Identifier (for `UNNotificationAttachmentOptionsTypeHintKey`).
    package var uniformTypeIdentifier: String {
        switch self {
        case .jpeg: return "public.jpeg"
        case .png: return "public.png"
        case .gif: return "com.compuserve.gif"
        case .heic: return "public.heic"
        case .webp: return "org.webmproject.webp"
        case .mp3: return "public.mp3"
        case .m4a: return "com.apple.m4a-audio"
        case .wav: return "com.microsoft.waveform-audio"
        case .aiff: return "public.aiff-audio"
        case .mp4: return "public.mpeg-4"
        case .mov: return "com.apple.quicktime-movie"
        }
    }

    /// How many leading bytes ``init(sniffing:)`` needs to decide.
    package static let sniffLength = 12

    /// Recognizes a file from its first bytes (at least ``sniffLength`` of them when the file has that many).
    ///
    /// The bytes decide, never the URL's extension or the server's `Content-Type`.
    ///
    /// - Parameter bytes: The file's leading bytes.
    /// - Returns: `nil` when the bytes are none of the supported types.
    package init?<Bytes: Collection>(sniffing bytes: Bytes) where Bytes.Element == UInt8 {
        let b = Array(bytes.prefix(Self.sniffLength))
        func ascii(_ range: Range<Int>) -> String? {
            guard b.count >= range.upperBound else { return nil }
            return String(decoding: b[range], as: UTF8.self)
        }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if ascii(0..<6) == "GIF87a" || ascii(0..<6) == "GIF89a" {
            self = .gif
        } else if ascii(0..<4) == "RIFF", let kind = ascii(8..<12), kind == "WEBP" || kind == "WAVE" {
            self = kind == "WEBP" ? .webp : .wav
        } else if ascii(0..<4) == "FORM", let kind = ascii(8..<12), kind == "AIFF" || kind == "AIFC" {
            self = .aiff
        } else if ascii(4..<8) == "ftyp", let brand = ascii(8..<12) {
            switch brand {
            case "heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1": self = .heic
            case "qt  ": self = .mov
            case "M4A ", "M4B ", "M4P ": self = .m4a
            case "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "M4VH", "M4VP",
                "dash", "mmp4", "MSNV", "f4v ":
                self = .mp4
            default: return nil  // AVIF, 3GP, CMAF audio…: an ISO box file of a type iOS does not attach
            }
        } else if let atom = ascii(4..<8), ["moov", "mdat", "wide"].contains(atom) {
            self = .mov  // QuickTime files without an ftyp box
        } else if ascii(0..<3) == "ID3" {
            self = .mp3
        } else if b.count >= 2, b[0] == 0xFF, b[1] & 0xE0 == 0xE0, b[1] & 0x06 != 0 {
            self = .mp3  // an MPEG audio frame header (layer bits non-zero; 0xFFF0/0xFFF8 ADTS has layer 0)
        } else {
            return nil
        }
    }
}
